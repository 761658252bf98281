import type { FilesConfig } from '../../platform/config/config';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage, loadLinkSecret } from './local-file-storage';

/**
 * An S3-compatible bucket when FILES_S3_BUCKET is set, otherwise a folder on this machine whose
 * links this server serves (decision 031). The local link secret is read, or generated and kept,
 * here, once per process. The AWS SDK is loaded only for a bucket.
 */
export async function createFileStorage(files: FilesConfig, now: () => Date): Promise<FileStorage> {
  if (files.kind === 's3') {
    const { createS3FileStorage } = await import('./s3-file-storage');
    return createS3FileStorage(files);
  }
  const secret = await loadLinkSecret(files.dir, files.linkSecret);
  return createLocalFileStorage({ dir: files.dir, secret, now });
}
