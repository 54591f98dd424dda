import type { InputHTMLAttributes, ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The text of the field's validation error, if it shows one. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({ id, label, value, onValueChange, error, hint, className, ...inputProps }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="h-11 w-full rounded-lg border bg-background px-3 text-base transition-colors placeholder:text-muted-foreground/70 aria-[invalid=true]:border-destructive sm:text-sm"
        {...inputProps}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

interface CheckboxFieldProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  label: ReactNode;
  error?: string | undefined;
}

export function CheckboxField({ id, checked, onCheckedChange, onBlur, label, error }: CheckboxFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <label htmlFor={id} className="text-sm leading-snug">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level error, announced as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {children}
    </div>
  );
}

/** A form-level success note, announced politely. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-success/30 bg-success/5 px-3 py-2 text-sm text-success">
      {children}
    </div>
  );
}

interface BusyButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  type?: 'submit' | 'button';
  variant?: 'primary' | 'outline' | 'ghost';
  disabled?: boolean;
  onClick?: () => void;
  className?: string;
}

/** A button that says what it is doing while it works (busy labels). */
export function BusyButton({
  busy,
  label,
  busyLabel,
  type = 'submit',
  variant = 'primary',
  disabled,
  onClick,
  className,
}: BusyButtonProps) {
  return (
    <Button
      type={type}
      variant={variant}
      size="lg"
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
      className={cn('w-full', className)}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
