import { get } from 'node:http';
import { chunksFor, type Manifest } from './web-size';

/** Bytes of one answer's body as they came over the socket (still compressed), and its encoding. */
function wireBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        else resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'none') });
      });
    }).on('error', reject);
  });
}

export type WireSize = { files: number; bytes: number; byEncoding: Record<string, number> };

/**
 * What the sign-in page's first visit downloads from the real server (decision 069): the page,
 * the entry's scripts and their stylesheets, each asked with `Accept-Encoding: br, gzip` and
 * counted as sent, headers left out.
 */
export async function measureSignInOnWire(appUrl: string, manifest: Manifest): Promise<WireSize> {
  const files = new Set<string>(['/login']);
  for (const key of chunksFor(manifest, [])) {
    const chunk = manifest[key]!;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
  }
  const size: WireSize = { files: files.size, bytes: 0, byEncoding: {} };
  for (const file of files) {
    const { bytes, encoding } = await wireBytes(`${appUrl}${file}`);
    size.bytes += bytes;
    size.byEncoding[encoding] = (size.byEncoding[encoding] ?? 0) + 1;
  }
  return size;
}
