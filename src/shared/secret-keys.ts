/** Key names that must never reach a browser. */
export function findSecretLikeKeys(config: object, prefix = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (/secret/i.test(key)) found.push(name);
    if (value && typeof value === 'object' && !Array.isArray(value)) found.push(...findSecretLikeKeys(value as object, name));
  }
  return found;
}

export function assertNoSecretKeys(config: object, source: string): void {
  const found = findSecretLikeKeys(config);
  if (found.length > 0) {
    throw new Error(`Refusing to start: ${source} exposes configuration keys that look secret: ${found.join(', ')}`);
  }
}
