import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidFileKeyError } from './file-storage';
import {
  createS3FileStorage,
  S3_PART_SIZE,
  S3FileStorageError,
  type S3Settings,
} from './s3-file-storage';

const settings: S3Settings = {
  bucket: 'monitor-files',
  region: 'us-east-1',
  endpoint: undefined,
  prefix: 'prod/',
  forcePathStyle: false,
};
const client = new S3Client({
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
});
const s3 = mockClient(client);
const files = createS3FileStorage(settings, client);
const CSV = { contentType: 'text/csv', downloadName: 'Freezer 2026-11.csv' };

afterEach(() => s3.reset());

const serviceError = (name: string, status: number) =>
  new S3ServiceException({ name, $fault: 'server', $metadata: { httpStatusCode: status } });

/** A stream of `total` bytes in chunks of 64 KiB, made as it is read. */
function bytes(total: number): Readable {
  let left = total;
  return new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const size = Math.min(left, 64 * 1024);
      left -= size;
      this.push(Buffer.alloc(size, 7));
    },
  });
}

describe('S3 file storage (official AWS SDK v3)', () => {
  it('puts a buffer in one PutObject under the prefix, with its length and type', async () => {
    s3.on(PutObjectCommand).resolves({});
    await files.put('exports/7/a.csv', Buffer.from('a,b\n'), CSV);
    const calls = s3.commandCalls(PutObjectCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toMatchObject({
      Bucket: 'monitor-files',
      Key: 'prod/exports/7/a.csv',
      ContentLength: 4,
      ContentType: 'text/csv',
    });
  });

  it('puts a short stream in one PutObject', async () => {
    s3.on(PutObjectCommand).resolves({});
    await files.put(
      'certificates/NIST-1.pdf',
      Readable.from([Buffer.from('%PDF'), Buffer.from('-1.7')]),
      {
        contentType: 'application/pdf',
        downloadName: 'NIST-1.pdf',
      },
    );
    const input = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect((input.Body as Buffer).toString()).toBe('%PDF-1.7');
    expect(input.ContentLength).toBe(8);
    expect(s3.commandCalls(CreateMultipartUploadCommand)).toHaveLength(0);
  });

  it('streams a long one as a multipart upload in parts of at least 5 MiB, one part at a time', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-1' });
    s3.on(UploadPartCommand).callsFake((input: { PartNumber: number }) => ({
      ETag: `"etag-${input.PartNumber}"`,
    }));
    s3.on(CompleteMultipartUploadCommand).resolves({});
    const total = 2 * S3_PART_SIZE + 1000;
    await files.put('exports/7/year.csv', bytes(total), CSV);

    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(s3.commandCalls(CreateMultipartUploadCommand)[0]!.args[0].input).toMatchObject({
      Bucket: 'monitor-files',
      Key: 'prod/exports/7/year.csv',
      ContentType: 'text/csv',
    });
    const parts = s3.commandCalls(UploadPartCommand).map((c) => c.args[0].input);
    expect(parts.map((p) => [p.PartNumber, p.ContentLength, p.UploadId])).toEqual([
      [1, S3_PART_SIZE, 'up-1'],
      [2, S3_PART_SIZE, 'up-1'],
      [3, 1000, 'up-1'],
    ]);
    expect(S3_PART_SIZE).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(s3.commandCalls(CompleteMultipartUploadCommand)[0]!.args[0].input).toMatchObject({
      UploadId: 'up-1',
      MultipartUpload: {
        Parts: [
          { PartNumber: 1, ETag: '"etag-1"' },
          { PartNumber: 2, ETag: '"etag-2"' },
          { PartNumber: 3, ETag: '"etag-3"' },
        ],
      },
    });
  });

  it('aborts the multipart upload when a part fails, so no half file becomes an object', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-2' });
    s3.on(UploadPartCommand).resolvesOnce({ ETag: '"1"' }).rejects(serviceError('SlowDown', 503));
    s3.on(AbortMultipartUploadCommand).resolves({});
    const failed = files.put('exports/7/year.csv', bytes(3 * S3_PART_SIZE), CSV);
    await expect(failed).rejects.toThrow(S3FileStorageError);
    await expect(failed).rejects.toThrow(
      'File storage (S3): put prod/exports/7/year.csv failed: SlowDown (503)',
    );
    expect(s3.commandCalls(AbortMultipartUploadCommand)[0]!.args[0].input).toMatchObject({
      Key: 'prod/exports/7/year.csv',
      UploadId: 'up-2',
    });
    expect(s3.commandCalls(CompleteMultipartUploadCommand)).toHaveLength(0);
  });

  it('maps a refused PutObject to an error naming the key, not the credentials', async () => {
    s3.on(PutObjectCommand).rejects(serviceError('AccessDenied', 403));
    const failed = files.put('a.csv', Buffer.from('x'), CSV);
    await expect(failed).rejects.toThrow(
      'File storage (S3): put prod/a.csv failed: AccessDenied (403)',
    );
    await expect(failed).rejects.not.toThrow(/AKIDEXAMPLE|wJalr/);
  });

  it('answers exists from HeadObject: a 404 is false, another failure throws', async () => {
    s3.on(HeadObjectCommand, { Key: 'prod/here.csv' }).resolves({ ContentLength: 1 });
    s3.on(HeadObjectCommand, { Key: 'prod/gone.csv' }).rejects(
      new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } }),
    );
    s3.on(HeadObjectCommand, { Key: 'prod/denied.csv' }).rejects(serviceError('Forbidden', 403));
    expect(await files.exists('here.csv')).toBe(true);
    expect(await files.exists('gone.csv')).toBe(false);
    await expect(files.exists('denied.csv')).rejects.toThrow(
      'head prod/denied.csv failed: Forbidden (403)',
    );
  });

  it('reads an object whole, and null for NoSuchKey', async () => {
    // The SDK's body as the SDK hands it out: a stream with its transform helpers.
    const body = Object.assign(Readable.from([Buffer.from('a,b\n1,2\n')]), {
      transformToByteArray: () => Promise.resolve(new Uint8Array(Buffer.from('a,b\n1,2\n'))),
      transformToString: () => Promise.resolve('a,b\n1,2\n'),
      transformToWebStream: () => {
        throw new Error('not used');
      },
    });
    s3.on(GetObjectCommand, { Key: 'prod/a.csv' }).resolves({ Body: body });
    s3.on(GetObjectCommand, { Key: 'prod/none.csv' }).rejects(
      new NoSuchKey({ message: 'no such key', $metadata: { httpStatusCode: 404 } }),
    );
    expect((await files.read('a.csv'))?.toString()).toBe('a,b\n1,2\n');
    expect(await files.read('none.csv')).toBeNull();
  });

  it('presigns a GET that names the download and its type, for the time asked', async () => {
    const link = await files.signedLink('exports/7/a.csv', CSV, 300);
    const url = new URL(link.url);
    expect(url.hostname).toBe('monitor-files.s3.us-east-1.amazonaws.com');
    expect(url.pathname).toBe('/prod/exports/7/a.csv');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Freezer 2026-11.csv"; filename*=UTF-8''Freezer%202026-11.csv`,
    );
    expect(url.searchParams.get('response-content-type')).toBe('text/csv');
    expect(link.url).not.toContain('wJalr');
    expect(Math.abs(link.expiresAt.getTime() - (Date.now() + 300_000))).toBeLessThan(5_000);
  });

  it('presigns path-style links on a custom endpoint (MinIO)', async () => {
    const minio = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    const storage = createS3FileStorage(
      { ...settings, endpoint: 'http://127.0.0.1:9000', prefix: '', forcePathStyle: true },
      minio,
    );
    const url = new URL((await storage.signedLink('certificates/NIST-1.pdf', CSV, 60)).url);
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://127.0.0.1:9000/monitor-files/certificates/NIST-1.pdf',
    );
  });

  it('refuses keys that climb out of the prefix before any call', async () => {
    await expect(files.put('../other-tenant/a.csv', Buffer.from('x'), CSV)).rejects.toThrow(
      InvalidFileKeyError,
    );
    await expect(files.signedLink('/a.csv', CSV, 60)).rejects.toThrow(InvalidFileKeyError);
    expect(s3.calls()).toHaveLength(0);
  });
});
