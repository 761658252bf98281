import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidFileKeyError } from './file-storage';
import { createLocalFileStorage, LINK_SECRET_FILE, loadLinkSecret } from './local-file-storage';

const CSV = { contentType: 'text/csv', downloadName: 'report.csv' };
let dir: string;
let nowMs: number;
const now = () => new Date(nowMs);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-files-'));
  nowMs = Date.parse('2026-11-22T12:00:00Z');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const storage = () => createLocalFileStorage({ dir, secret: 'a'.repeat(43), now });
const queryOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  const q = parsed.searchParams;
  return {
    key: q.get('key') ?? '',
    query: {
      expires: Number(q.get('expires')),
      name: q.get('name') ?? '',
      type: q.get('type') ?? '',
      signature: q.get('signature') ?? '',
    },
  };
};
const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('local file storage', () => {
  it('stores a buffer and a stream, reads them back and knows they exist', async () => {
    const files = storage();
    await files.put('exports/7/a.csv', Buffer.from('a,b\n1,2\n'), CSV);
    await files.put('certificates/NIST-X.pdf', Readable.from(['%PDF', '-1.7']), CSV);
    expect((await files.read('exports/7/a.csv'))?.toString()).toBe('a,b\n1,2\n');
    expect((await files.read('certificates/NIST-X.pdf'))?.toString()).toBe('%PDF-1.7');
    expect(await files.exists('exports/7/a.csv')).toBe(true);
    expect(await files.exists('exports/7/b.csv')).toBe(false);
    expect(await files.exists('exports/7')).toBe(false);
    expect(await files.read('exports/8/a.csv')).toBeNull();
  });

  it('replaces a file whole', async () => {
    const files = storage();
    await files.put('a.csv', Buffer.from('old, longer content'), CSV);
    await files.put('a.csv', Buffer.from('new'), CSV);
    expect((await files.read('a.csv'))?.toString()).toBe('new');
  });

  it('writes atomically: a half-written file is never there, and a failed write leaves nothing', async () => {
    const files = storage();
    await files.put('exports/a.csv', Buffer.from('previous'), CSV);
    const body = new PassThrough();
    const writing = files.put('exports/a.csv', body, CSV);
    body.write('half of the ');
    await new Promise((r) => setTimeout(r, 20));
    // Mid-write the reader still sees the previous file whole.
    expect((await files.read('exports/a.csv'))?.toString()).toBe('previous');
    body.end('new file');
    await writing;
    expect((await files.read('exports/a.csv'))?.toString()).toBe('half of the new file');

    const failing = new PassThrough();
    const failed = files.put('exports/b.csv', failing, CSV);
    failing.write('some rows');
    failing.destroy(new Error('the database went away'));
    await expect(failed).rejects.toThrow('the database went away');
    expect(await files.exists('exports/b.csv')).toBe(false);
    expect(await readdir(join(dir, 'exports'))).toEqual(['a.csv']);
  });

  it('refuses keys that climb out of the folder, are absolute or name a dot file', async () => {
    const files = storage();
    for (const key of [
      '../outside.csv',
      'exports/../../outside.csv',
      '/etc/passwd',
      'exports//a.csv',
      '.link-secret',
      'exports/.a.csv.tmp',
      'exports\\a.csv',
      'a b.csv',
      '',
      'x'.repeat(301),
    ]) {
      await expect(files.put(key, Buffer.from('x'), CSV), key).rejects.toThrow(InvalidFileKeyError);
      await expect(files.read(key), key).rejects.toThrow(InvalidFileKeyError);
      await expect(files.signedLink(key, CSV, 60), key).rejects.toThrow(InvalidFileKeyError);
    }
    await expect(stat(join(dir, '..', 'outside.csv'))).rejects.toThrow();
  });

  it('opens a file through the link it signed until the link expires', async () => {
    const files = storage();
    await files.put('exports/7/a.csv', Buffer.from('a,b\n'), CSV);
    const link = await files.signedLink('exports/7/a.csv', CSV, 300);
    expect(link.url.startsWith('/api/files?key=exports%2F7%2Fa.csv&')).toBe(true);
    expect(link.expiresAt.getTime()).toBe(nowMs + 300_000);
    const { key, query } = queryOf(link.url);
    const opened = await files.openSignedLink!(key, query);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.info).toEqual(CSV);
    expect(opened.size).toBe(4);
    expect(await text(opened.body)).toBe('a,b\n');

    nowMs += 300_000;
    expect(await files.openSignedLink!(key, query)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link altered in any part, or signed with another secret', async () => {
    const files = storage();
    await files.put('exports/7/a.csv', Buffer.from('a'), CSV);
    await files.put('exports/8/a.csv', Buffer.from('b'), CSV);
    const { key, query } = queryOf((await files.signedLink('exports/7/a.csv', CSV, 300)).url);
    const invalid = { ok: false, reason: 'invalid' };
    const open = files.openSignedLink!;
    expect(await open('exports/8/a.csv', query)).toEqual(invalid);
    expect(await open(key, { ...query, expires: query.expires + 3600 })).toEqual(invalid);
    expect(await open(key, { ...query, name: 'other.csv' })).toEqual(invalid);
    expect(await open(key, { ...query, type: 'text/html' })).toEqual(invalid);
    expect(await open(key, { ...query, signature: query.signature.slice(1) })).toEqual(invalid);
    expect(await open(key, { ...query, signature: 'x' + query.signature.slice(1) })).toEqual(
      invalid,
    );
    expect(await open('../exports/7/a.csv', query)).toEqual(invalid);
    const other = createLocalFileStorage({ dir, secret: 'b'.repeat(43), now });
    expect(await other.openSignedLink!(key, query)).toEqual(invalid);
  });

  it('answers missing for a signed link whose file is gone', async () => {
    const files = storage();
    const { key, query } = queryOf((await files.signedLink('exports/gone.csv', CSV, 60)).url);
    expect(await files.openSignedLink!(key, query)).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('the local link secret', () => {
  it('is the configured one when set', async () => {
    expect(await loadLinkSecret(dir, 's'.repeat(32))).toBe('s'.repeat(32));
  });

  it('is generated once, kept owner-only in the folder, and the same for every process', async () => {
    const inner = join(dir, 'files');
    const [first, second] = await Promise.all([loadLinkSecret(inner), loadLinkSecret(inner)]);
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(await loadLinkSecret(inner)).toBe(first);
    expect((await readFile(join(inner, LINK_SECRET_FILE), 'utf8')).trim()).toBe(first);
    expect((await stat(join(inner, LINK_SECRET_FILE))).mode & 0o077).toBe(0);
    // Another folder gets another secret.
    expect(await loadLinkSecret(join(dir, 'other'))).not.toBe(first);
  });
});
