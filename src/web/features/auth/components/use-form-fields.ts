import { useCallback, useState } from 'react';
import type { FormIssues } from '@shared/auth-validation';
import { afterPointerSettles } from './after-pointer-settles';

/** Text inputs and checkboxes. */
type FormValues<Values> = { [Field in keyof Values]: string | boolean };

export interface FormFieldsOptions {
  /** Prefix of the inputs' ids, so a failed submit can move focus to the first invalid field. */
  idPrefix: string;
  /**
   * 'revalidates': a field is checked on blur, then on every change.
   * 'clears': checked on blur and submit; editing clears its error.
   */
  editing?: 'revalidates' | 'clears';
}

interface FormState<Values, Field extends string> {
  values: Values;
  touched: ReadonlySet<Field>;
  errors: FormIssues<Field>;
}

function pick<Field extends string>(issues: FormIssues<Field>, fields: Iterable<Field>): FormIssues<Field> {
  const picked: FormIssues<Field> = {};
  for (const field of fields) if (issues[field]) picked[field] = issues[field];
  return picked;
}

/**
 * Form state with the spec's validation timing. Errors are issue keys (see auth-validation.ts);
 * fields the user has not reached yet show none until the form is submitted. Updates are
 * functional, so a blur check deferred past a click composes with what the click did.
 */
export function useFormFields<Values extends FormValues<Values>>(
  initial: NoInfer<Values>,
  validate: (values: Values) => FormIssues<keyof Values & string>,
  options: FormFieldsOptions,
) {
  type Field = keyof Values & string;
  const editing = options.editing ?? 'revalidates';
  const [state, setState] = useState<FormState<Values, Field>>(() => ({ values: initial, touched: new Set(), errors: {} }));

  const fieldId = useCallback((field: Field) => `${options.idPrefix}-${field}`, [options.idPrefix]);

  /** Shows the current issues of the `checked` fields; the others keep what they show. */
  function withChecked(current: FormState<Values, Field>, touched: ReadonlySet<Field>, checked: Field[]): FormState<Values, Field> {
    const issues = validate(current.values);
    if (editing === 'revalidates') return { ...current, touched, errors: pick(issues, touched) };
    const errors = { ...current.errors };
    for (const field of checked) {
      if (issues[field]) errors[field] = issues[field];
      else delete errors[field];
    }
    return { ...current, touched, errors };
  }

  function setValue<F extends Field>(field: F, value: Values[F]) {
    setState((current) => {
      const values = { ...current.values, [field]: value };
      // A checkbox has been "visited" as soon as it is toggled.
      const touched = typeof value === 'boolean' ? new Set(current.touched).add(field) : current.touched;
      if (editing === 'revalidates') return { values, touched, errors: pick(validate(values), touched) };
      const errors = { ...current.errors };
      delete errors[field];
      return { values, touched, errors };
    });
  }

  function blur(field: Field) {
    afterPointerSettles(() => setState((current) => withChecked(current, new Set(current.touched).add(field), [field])));
  }

  /** Checks the given fields (all by default), shows their errors and focuses the first invalid one. */
  function validateFields(fields: Field[] = Object.keys(initial) as Field[]): boolean {
    setState((current) => {
      const touched = new Set(current.touched);
      for (const field of fields) touched.add(field);
      return withChecked(current, touched, fields);
    });
    const issues = validate(state.values);
    const firstInvalid = fields.find((field) => issues[field]);
    if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
    return !firstInvalid;
  }

  /** The props that bind a text input to `field`: its id, its value, edits and blur checks. */
  function textField(field: Field) {
    return {
      id: fieldId(field),
      value: String(state.values[field]),
      onValueChange: (value: string) => setValue(field, value as Values[Field]),
      onBlur: () => blur(field),
    };
  }

  function reset() {
    setState({ values: initial, touched: new Set(), errors: {} });
  }

  return { values: state.values, errors: state.errors, setValue, blur, validateFields, reset, fieldId, textField };
}
