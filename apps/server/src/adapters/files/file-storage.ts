import type { Readable } from 'node:stream';

/** A stored file's key: 'exports/{userDeviceId}/...csv', 'certificates/{name}.pdf'. */
export type FileKey = string;

/** What a file is, for the link that serves it. */
export type StoredFileInfo = { contentType: string; downloadName: string };

/** A short-lived link to one stored file (a presigned URL on S3). */
export type FileLink = { url: string; expiresAt: Date };

/** The query of a local signed link (`GET /api/files?key&expires&name&type&signature`) but the key. */
export type SignedLinkQuery = { expires: number; name: string; type: string; signature: string };

/** What a local signed link opens: the file's bytes and how to serve them, or why not. */
export type OpenedLink =
  | { ok: true; body: Readable; size: number; info: StoredFileInfo }
  | { ok: false; reason: 'invalid' | 'expired' | 'missing' };

/**
 * The file-storage port: CSV exports and NIST certificates (device-management §7, §9). Files are
 * written as streams, so a year of readings is never held in memory, and handed out only as
 * short-lived signed links. Implementations: local-file-storage.ts (a folder under the data
 * folder, links served by this server) and s3-file-storage.ts (any S3-compatible bucket, the
 * official AWS SDK); create-file-storage.ts chooses one from the configuration.
 *
 * A link is the permission to read its one file until it expires, as an S3 presigned URL is: it
 * is handed out only by a call that checked the caller's access, and it lives minutes
 * (decision 031). Keys are relative paths of letters, digits, '.', '_' and '-' segments; a
 * segment never starts with '.', so no key climbs out of the store (`..`) or names its own
 * temporary files; a bad key throws `InvalidFileKeyError`.
 */
export type FileStorage = {
  kind: 'local' | 's3';
  /** Writes `body` under `key`, replacing any earlier file; resolves once it is stored whole. */
  put: (key: FileKey, body: Readable | Buffer, info: StoredFileInfo) => Promise<void>;
  /** Whether a file is stored under `key`. */
  exists: (key: FileKey) => Promise<boolean>;
  /** The file's bytes (for an e-mail attachment); null when there is none. */
  read: (key: FileKey) => Promise<Buffer | null>;
  /** A link that serves the file for `ttlSeconds`, with `info`'s download name. */
  signedLink: (key: FileKey, info: StoredFileInfo, ttlSeconds: number) => Promise<FileLink>;
  /**
   * Local storage only: checks a link this storage signed and opens its file, for the route that
   * serves the links (modules/files). S3 serves its own presigned links.
   */
  openSignedLink?: (key: FileKey, query: SignedLinkQuery) => Promise<OpenedLink>;
};

/** A key that is not a relative path of safe segments (see FileStorage). */
export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Invalid file key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidFileKeyError';
  }
}

/** Longest key: a device id, a period and a name fit many times over. */
export const MAX_FILE_KEY_LENGTH = 300;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether `key` is a relative path of safe segments: no '..', no absolute path, no dot file. */
export function isValidFileKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_FILE_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Throws `InvalidFileKeyError` unless `key` is valid. */
export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
}

/**
 * `Content-Disposition: attachment` naming `downloadName`: a plain ASCII `filename` for old
 * clients (anything else, quotes and backslashes become '_') and the exact name in `filename*`
 * (RFC 6266, RFC 8187).
 */
export function attachmentDisposition(downloadName: string): string {
  const ascii = downloadName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
