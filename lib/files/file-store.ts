// The file store of generated files (DESIGN §6): an interface with two drivers, `local` (files under
// DATA_DIR/files served by this app at /files with signed, expiring addresses) and `s3` (any
// S3-compatible store, presigned GET addresses). Files are written to a local temporary file first
// and published whole by `commit`, so a reader never sees a half-written file.
import { attachmentDisposition } from '../http/content-disposition'

export type FilesDriver = 'local' | 's3'

export interface StoredFile {
  name: string
  bytes: number
  modifiedAt: Date
}

export interface FileStore {
  readonly driver: FilesDriver
  /** Where files are written before `commit` (on the local driver's file system: commit is a rename). */
  readonly tempDir: string
  /** Publishes a finished temporary file under `name`, atomically; the temporary file is gone after. */
  commit(tempPath: string, name: string): Promise<void>
  /** Deletes a published file; deleting a missing file is not an error. */
  remove(name: string): Promise<void>
  /** Every published file. */
  list(): AsyncIterable<StoredFile>
  /**
   * A download address of a published file, valid until `expiresAt` (unix seconds); the file is
   * saved as `downloadName` (e.g. the dataset's title) when given, else under its own name.
   */
  signedUrl(name: string, expiresAt: number, downloadName?: string): Promise<string>
}

/** One path segment of letters, digits, dots, dashes and underscores, not starting with a dot. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,250}$/

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..')
}

export function assertSafeFileName(name: string): void {
  if (!isSafeFileName(name)) throw new Error(`Unsafe file name: ${JSON.stringify(name)}`)
}

/**
 * Response headers of a file, from its name: CSV files are `text/csv`, in ISO-8859-15 when the name
 * ends with `-iso-8859-15.csv` (the dataset file naming), in UTF-8 otherwise; saved as
 * `downloadName` when given (RFC 6266, with an ASCII fallback), else under the file's name.
 */
export function fileHeaders(
  name: string,
  downloadName?: string,
): { contentType: string; contentDisposition: string } {
  const contentType = name.endsWith('-iso-8859-15.csv')
    ? 'text/csv; charset=iso-8859-15'
    : name.endsWith('.csv')
      ? 'text/csv; charset=utf-8'
      : 'application/octet-stream'
  return { contentType, contentDisposition: attachmentDisposition(downloadName ?? name) }
}
