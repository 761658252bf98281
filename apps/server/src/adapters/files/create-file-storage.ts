import type { FilesConfig } from '../../platform/config/config';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage, loadLinkSecret } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';

/**
 * An S3-compatible bucket when FILES_S3_BUCKET is set, otherwise a folder on this machine whose
 * links this server serves (decision 031). The local link secret is read, or generated and kept,
 * here, once per process.
 */
export async function createFileStorage(files: FilesConfig, now: () => Date): Promise<FileStorage> {
  if (files.kind === 's3') return createS3FileStorage(files);
  const secret = await loadLinkSecret(files.dir, files.linkSecret);
  return createLocalFileStorage({ dir: files.dir, secret, now });
}
