/** The next firmware version after an update (UPD): "10.6" becomes "10.7", "9" becomes "9.1". */
export function bumpFirmwareVersion(version: string): string {
  const match = /(\d+)(?:\.(\d+))?/.exec(version);
  if (!match) return '1.0';
  const major = Number(match[1]);
  const minor = Number(match[2] ?? '0') + 1;
  return `${major}.${minor}`;
}
