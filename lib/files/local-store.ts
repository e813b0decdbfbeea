// The `local` driver: files under DATA_DIR/files, published by rename from DATA_DIR/files/.tmp (same
// file system, so atomic), served by app/files/[...path] at signed addresses.
import fs from 'node:fs'
import path from 'node:path'
import { assertSafeFileName, isSafeFileName, type FileStore, type StoredFile } from './file-store'
import { checkSignature, signature, type SignatureCheck } from './signing'

const FILES_PATH = '/files'

export interface LocalStoreOptions {
  /** Directory of the published files. */
  root: string
  /** Origin (and optional path prefix) of the addresses, e.g. http://localhost:3000. */
  baseUrl: string
  secret: string
}

export class LocalFileStore implements FileStore {
  readonly driver = 'local' as const
  readonly root: string
  readonly tempDir: string

  constructor(private readonly options: LocalStoreOptions) {
    this.root = options.root
    this.tempDir = path.join(options.root, '.tmp')
    fs.mkdirSync(this.tempDir, { recursive: true })
  }

  /** Absolute path of a published file; null for names that are not a plain file name. */
  pathOf(name: string): string | null {
    return isSafeFileName(name) ? path.join(this.root, name) : null
  }

  async commit(tempPath: string, name: string): Promise<void> {
    assertSafeFileName(name)
    await fs.promises.rename(tempPath, path.join(this.root, name))
  }

  async remove(name: string): Promise<void> {
    assertSafeFileName(name)
    await fs.promises.rm(path.join(this.root, name), { force: true })
  }

  async *list(): AsyncIterable<StoredFile> {
    for (const entry of await fs.promises.readdir(this.root, { withFileTypes: true })) {
      if (!entry.isFile() || !isSafeFileName(entry.name)) continue
      const stat = await fs.promises.stat(path.join(this.root, entry.name)).catch(() => null)
      if (stat) yield { name: entry.name, bytes: stat.size, modifiedAt: stat.mtime }
    }
  }

  /** Checks the `expires`, `signature` and `filename` parameters of a request for the file `name`. */
  checkAddress(
    name: string,
    expires: string | null,
    provided: string | null,
    downloadName: string | null = null,
  ): SignatureCheck {
    const now = Math.floor(Date.now() / 1000)
    return checkSignature(`${FILES_PATH}/${name}`, expires, provided, this.options.secret, now, downloadName)
  }

  async signedUrl(name: string, expiresAt: number, downloadName?: string): Promise<string> {
    assertSafeFileName(name)
    const pathname = `${FILES_PATH}/${name}`
    const query = new URLSearchParams({
      expires: String(expiresAt),
      ...(downloadName === undefined ? {} : { filename: downloadName }),
      signature: signature(pathname, expiresAt, this.options.secret, downloadName),
    })
    return `${this.options.baseUrl.replace(/\/$/, '')}${pathname}?${query.toString()}`
  }
}
