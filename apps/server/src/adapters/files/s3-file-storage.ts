import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  assertValidFileKey,
  attachmentDisposition,
  type FileKey,
  type FileStorage,
  type StoredFileInfo,
} from './file-storage';

/** FILES_S3_*: the bucket and where it is; credentials come from the SDK's default chain. */
export type S3Settings = {
  bucket: string;
  /** FILES_S3_REGION; the SDK's own (AWS_REGION, the profile) when unset. */
  region: string | undefined;
  /** FILES_S3_ENDPOINT: another S3-compatible service (MinIO, Cloudflare R2, Backblaze B2). */
  endpoint: string | undefined;
  /** FILES_S3_PREFIX: a folder in the bucket every key is under ('' or ending in '/'). */
  prefix: string;
  /** FILES_S3_FORCE_PATH_STYLE: `https://host/bucket/key` addresses, as MinIO needs. */
  forcePathStyle: boolean;
};

/** A part of a multipart upload: S3 takes 5 MiB at least (but the last), 10,000 parts at most. */
export const S3_PART_SIZE = 8 * 1024 * 1024;

/** A presigned S3 link (SigV4) lives 7 days at most. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** An S3 call that failed: names the operation and key, never the credentials. */
export class S3FileStorageError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    const name = (cause as { name?: string }).name ?? 'Error';
    const status = (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    super(`File storage (S3): ${operation} ${key} failed: ${name}${status ? ` (${status})` : ''}`, {
      cause,
    });
    this.name = 'S3FileStorageError';
  }
}

const isNotFound = (error: unknown) => {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || status === 404;
};

/** The stream's bytes in parts of `size` (the last may be shorter); one part in memory at a time. */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(bytes);
    length += bytes.length;
    while (length >= size) {
      const whole = Buffer.concat(chunks, length);
      yield whole.subarray(0, size);
      chunks = [whole.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(chunks, length);
}

/**
 * Files in any S3-compatible bucket through the official AWS SDK v3 (decision 031). A buffer is
 * one PutObject; a stream is read a part at a time: if it ends within the first part it is one
 * PutObject, otherwise a multipart upload (aborted if anything fails, so no half file is ever an
 * object). Links are presigned GETs that name the download and its content type.
 */
export function createS3FileStorage(
  settings: S3Settings,
  client: S3Client = new S3Client({
    ...(settings.region && { region: settings.region }),
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
  }),
): FileStorage {
  const Bucket = settings.bucket;
  const objectKey = (key: FileKey) => {
    assertValidFileKey(key);
    return `${settings.prefix}${key}`;
  };

  async function putObject(Key: string, body: Buffer, info: StoredFileInfo) {
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key,
        Body: body,
        ContentLength: body.length,
        ContentType: info.contentType,
      }),
    );
  }

  async function multipart(
    Key: string,
    first: Buffer,
    rest: AsyncGenerator<Buffer>,
    info: StoredFileInfo,
  ) {
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key, ContentType: info.contentType }),
    );
    const UploadId = created.UploadId;
    if (!UploadId) throw new Error('CreateMultipartUpload answered no UploadId');
    const parts: CompletedPart[] = [];
    try {
      let part: Buffer | undefined = first;
      while (part) {
        const PartNumber = parts.length + 1;
        const uploaded = await client.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber,
            Body: part,
            ContentLength: part.length,
          }),
        );
        parts.push({ PartNumber, ETag: uploaded.ETag });
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: 's3',

    async put(key, body, info) {
      const Key = objectKey(key);
      try {
        if (Buffer.isBuffer(body)) return await putObject(Key, body, info);
        const parts = partsOf(body, S3_PART_SIZE);
        const first = await parts.next();
        const firstPart = first.done ? Buffer.alloc(0) : first.value;
        const second = first.done ? first : await parts.next();
        if (second.done) return await putObject(Key, firstPart, info);
        // Two parts read: the first goes up now, the second leads the rest.
        const rest = (async function* () {
          yield second.value;
          yield* parts;
        })();
        await multipart(Key, firstPart, rest, info);
      } catch (error) {
        throw new S3FileStorageError('put', Key, error);
      }
    },

    async exists(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw new S3FileStorageError('head', Key, error);
      }
    },

    async read(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new S3FileStorageError('get', Key, error);
      }
    },

    async signedLink(key, info, ttlSeconds) {
      const Key = objectKey(key);
      const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.ceil(ttlSeconds)));
      const signedAt = Date.now();
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key,
          ResponseContentDisposition: attachmentDisposition(info.downloadName),
          ResponseContentType: info.contentType,
          ResponseCacheControl: 'no-store',
        }),
        { expiresIn },
      );
      return { url, expiresAt: new Date(signedAt + expiresIn * 1000) };
    },
  };
}
