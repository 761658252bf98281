/** Capitalises the first letter of a name as registration does (store-and-public-site §5). */
export function capitalizeName(name: string): string {
  const trimmed = name.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
