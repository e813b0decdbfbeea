// The process's file store, chosen by FILES_DRIVER (cached on globalThis so `next dev` reloads and
// route bundles share one).
import path from 'node:path'
import { env, type Env } from '../env'
import type { FileStore } from './file-store'
import { LocalFileStore } from './local-store'
import { S3FileStore } from './s3-store'
import { filesSigningSecret } from './signing'

export type { FileStore, StoredFile } from './file-store'

function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files')
}

export function createFileStore(e: Env): FileStore {
  if (e.FILES_DRIVER === 's3') {
    return new S3FileStore({
      bucket: e.FILES_S3_BUCKET ?? '',
      region: e.FILES_S3_REGION,
      endpoint: e.FILES_S3_ENDPOINT,
      forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE,
      credentials:
        e.FILES_S3_ACCESS_KEY_ID && e.FILES_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.FILES_S3_ACCESS_KEY_ID, secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY }
          : undefined,
      prefix: e.FILES_S3_PREFIX,
      baseUrl: e.FILES_BASE_URL,
      tempDir: path.join(filesRoot(e.dataDir), '.tmp'),
    })
  }
  return new LocalFileStore({
    root: filesRoot(e.dataDir),
    baseUrl: e.FILES_BASE_URL ?? e.publicUrl,
    secret: filesSigningSecret(e),
  })
}

const KEY = Symbol.for('tda.files.store')
type Holder = typeof globalThis & { [KEY]?: FileStore }

export function fileStore(): FileStore {
  const g = globalThis as Holder
  return (g[KEY] ??= createFileStore(env()))
}
