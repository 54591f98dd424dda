/** The message field inside the composer region `composerId`: where focus goes after a send and from the skip link. */
export function focusComposerField(composerId: string): boolean {
  const field = document.getElementById(composerId)?.querySelector<HTMLTextAreaElement>('textarea:not([disabled])');
  field?.focus();
  return Boolean(field);
}
