import { existsSync, readFileSync } from 'node:fs';
import type { Samples } from './samples';

/**
 * What the server processes logged (LOG_FILE, pino's JSON lines at LOG_LEVEL=warn): each error
 * (level 50 and above) is a soak error under its message; warnings are counted and shown.
 */
export function readServerLogs(files: readonly string[], samples: Samples): Map<string, number> {
  const warnings = new Map<string, number>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let entry: { level?: number; msg?: string; err?: { message?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        samples.error('server log: a line that is not JSON');
        continue;
      }
      const message = (entry.msg ?? entry.err?.message ?? '(no message)').slice(0, 80);
      if ((entry.level ?? 0) >= 50) samples.error(`server log: ${message}`);
      else warnings.set(message, (warnings.get(message) ?? 0) + 1);
    }
  }
  return warnings;
}
