import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidFileKey,
  isValidFileKey,
  type FileKey,
  type FileStorage,
  type OpenedLink,
  type SignedLinkQuery,
  type StoredFileInfo,
} from './file-storage';

/** Where this server serves its signed links: `GET /api/files?key=…` (modules/files). */
export const LOCAL_FILE_LINK_PATH = '/api/files';

/** The generated link secret's file in the store's folder; a dot file, so no key names it. */
export const LINK_SECRET_FILE = '.link-secret';

export type LocalFileStorageOptions = {
  /** The store's folder (FILES_DIR, by default `files` in the data folder). */
  dir: string;
  /** The links' HMAC key (FILES_LINK_SECRET, or `loadLinkSecret`'s). */
  secret: string;
  now: () => Date;
};

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * The configured link secret, or the one kept in the store's folder: generated on first start
 * (32 random bytes, owner-only), so links stay valid across restarts. Two processes starting at
 * once on one folder agree: only one creates the file ('wx'), the other reads it.
 */
export async function loadLinkSecret(dir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await mkdir(dir, { recursive: true });
  const path = join(dir, LINK_SECRET_FILE);
  try {
    const kept = (await readFile(path, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(path, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(path, 'utf8')).trim();
  }
}

/**
 * Files in a folder on this machine (decision 031). A file is written to a temporary dot file
 * beside its place and renamed into it once whole, so a reader never meets half a file (rename is
 * atomic on one file system). Links are `/api/files?key=…` with the expiry (unix seconds), the
 * download name, the content type and an HMAC-SHA256 over all four: this server checks them and
 * streams the file (modules/files/file-links.routes.ts). Links are relative: they are served by
 * the server that answered the call handing them out.
 */
export function createLocalFileStorage({ dir, secret, now }: LocalFileStorageOptions): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: FileKey) => {
    assertValidFileKey(key);
    return join(root, key);
  };
  const sign = (key: FileKey, expires: number, name: string, type: string) =>
    createHmac('sha256', secret)
      .update(JSON.stringify([key, expires, name, type]))
      .digest('base64url');

  return {
    kind: 'local',

    async put(key: FileKey, body: Readable | Buffer, _info: StoredFileInfo) {
      // A stream failing before the pipeline below listens must not crash the process: the
      // pipeline still sees its error and rejects.
      if (!Buffer.isBuffer(body)) body.on('error', () => undefined);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = join(
        dirname(path),
        `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body, { flag: 'wx', mode: 0o600 });
        else await pipeline(body, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async exists(key: FileKey) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async read(key: FileKey) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async signedLink(key: FileKey, info: StoredFileInfo, ttlSeconds: number) {
      assertValidFileKey(key);
      const expires = Math.floor(now().getTime() / 1000) + Math.max(1, Math.ceil(ttlSeconds));
      const query = new URLSearchParams({
        key,
        expires: String(expires),
        name: info.downloadName,
        type: info.contentType,
        signature: sign(key, expires, info.downloadName, info.contentType),
      });
      return {
        url: `${LOCAL_FILE_LINK_PATH}?${query.toString()}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    async openSignedLink(key: FileKey, query: SignedLinkQuery): Promise<OpenedLink> {
      if (!isValidFileKey(key)) return { ok: false, reason: 'invalid' };
      const expected = Buffer.from(sign(key, query.expires, query.name, query.type));
      const given = Buffer.from(query.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      if (query.expires * 1000 <= now().getTime()) return { ok: false, reason: 'expired' };
      let handle;
      try {
        handle = await open(join(root, key), 'r');
      } catch (error) {
        if (isMissing(error)) return { ok: false, reason: 'missing' };
        throw error;
      }
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return { ok: false, reason: 'missing' };
      }
      return {
        ok: true,
        body: handle.createReadStream(),
        size: stats.size,
        info: { contentType: query.type, downloadName: query.name },
      };
    },
  };
}
