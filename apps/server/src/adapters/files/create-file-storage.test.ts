import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createFileStorage } from './create-file-storage';

describe('file storage configuration', () => {
  it('is a folder in the data folder by default, FILES_DIR when set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/monitor' }).files).toEqual({
      kind: 'local',
      dir: '/srv/monitor/files',
      linkSecret: undefined,
    });
    expect(
      loadConfig({ FILES_DIR: '/mnt/files', FILES_LINK_SECRET: 'k'.repeat(32) }).files,
    ).toEqual({
      kind: 'local',
      dir: '/mnt/files',
      linkSecret: 'k'.repeat(32),
    });
    expect(() => loadConfig({ FILES_LINK_SECRET: 'short' })).toThrow(
      'Invalid configuration: FILES_LINK_SECRET: at least 32 characters',
    );
  });

  it('is an S3 bucket when FILES_S3_BUCKET is set, the prefix made a folder', () => {
    expect(
      loadConfig({
        FILES_S3_BUCKET: 'monitor-files',
        FILES_S3_REGION: 'eu-west-1',
        FILES_S3_ENDPOINT: 'http://127.0.0.1:9000',
        FILES_S3_PREFIX: '/prod/exports/',
        FILES_S3_FORCE_PATH_STYLE: 'true',
      }).files,
    ).toEqual({
      kind: 's3',
      bucket: 'monitor-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      prefix: 'prod/exports/',
      forcePathStyle: true,
    });
    expect(loadConfig({ FILES_S3_BUCKET: 'b' }).files).toMatchObject({
      prefix: '',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ FILES_S3_BUCKET: 'b', FILES_S3_ENDPOINT: 'not a url' })).toThrow(
      'FILES_S3_ENDPOINT',
    );
  });

  it('builds the storage the configuration names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'create-files-'));
    try {
      const now = () => new Date();
      const local = await createFileStorage({ kind: 'local', dir, linkSecret: undefined }, now);
      expect(local.kind).toBe('local');
      expect(local.openSignedLink).toBeTypeOf('function');
      const s3 = await createFileStorage(
        {
          kind: 's3',
          bucket: 'b',
          region: 'us-east-1',
          endpoint: undefined,
          prefix: '',
          forcePathStyle: false,
        },
        now,
      );
      expect(s3.kind).toBe('s3');
      expect(s3.openSignedLink).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
