import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { QUICK_START_GUIDES, renderQuickStartGuide } from './quick-start-guides';

/** Writes the quick-start guides into the web app's static files (apps/web/public/docs). */
const target = fileURLToPath(new URL('../../../web/public/docs/', import.meta.url));
await mkdir(target, { recursive: true });
for (const guide of QUICK_START_GUIDES) {
  const out = createWriteStream(`${target}${guide.file}`);
  renderQuickStartGuide(guide).pipe(out);
  await finished(out);
  console.log(`wrote docs/${guide.file}`);
}
