// The `s3` driver: files in a bucket of any S3-compatible store, published with one PutObject of the
// finished temporary file (an object appears whole or not at all), downloaded through presigned GET
// addresses that carry the file's Content-Type and Content-Disposition. FILES_BASE_URL replaces the
// origin of the addresses for a CDN or proxy that forwards them to the bucket unchanged.
import fs from 'node:fs'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import {
  assertSafeFileName,
  fileHeaders,
  isSafeFileName,
  type FileStore,
  type StoredFile,
} from './file-store'

/** Longest validity of a presigned address (SigV4): seven days. */
const S3_MAX_EXPIRES_SECONDS = 604_800

export interface S3StoreOptions {
  bucket: string
  region: string
  endpoint?: string | undefined
  forcePathStyle?: boolean
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined
  /** Key prefix of every file, e.g. "datasets/". */
  prefix?: string
  /** Replaces the origin of presigned addresses (CDN). */
  baseUrl?: string | undefined
  tempDir: string
}

export class S3FileStore implements FileStore {
  readonly driver = 's3' as const
  readonly tempDir: string
  readonly client: S3Client
  private readonly prefix: string

  constructor(private readonly options: S3StoreOptions) {
    this.tempDir = options.tempDir
    this.prefix = options.prefix ?? ''
    fs.mkdirSync(this.tempDir, { recursive: true })
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      // The SDK's default streams uploads with aws-chunked encoding and trailing checksums, which
      // several S3-compatible servers store verbatim (the object then holds the chunk framing):
      // checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.credentials ? { credentials: options.credentials } : {}),
    })
  }

  private key(name: string): string {
    assertSafeFileName(name)
    return `${this.prefix}${name}`
  }

  async commit(tempPath: string, name: string): Promise<void> {
    const { size } = await fs.promises.stat(tempPath)
    const headers = fileHeaders(name)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(name),
        Body: fs.createReadStream(tempPath),
        ContentLength: size,
        ContentType: headers.contentType,
        ContentDisposition: headers.contentDisposition,
      }),
    )
    await fs.promises.rm(tempPath, { force: true })
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(name) }))
  }

  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
        }),
      )
      for (const object of page.Contents ?? []) {
        const name = (object.Key ?? '').slice(this.prefix.length)
        if (!isSafeFileName(name)) continue
        yield { name, bytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async signedUrl(name: string, expiresAt: number, downloadName?: string): Promise<string> {
    const expiresIn = Math.min(S3_MAX_EXPIRES_SECONDS, Math.max(1, expiresAt - Math.floor(Date.now() / 1000)))
    // The response headers are parameters of the presigned address, covered by its signature.
    const headers = fileHeaders(name, downloadName)
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(name),
        ResponseContentType: headers.contentType,
        ResponseContentDisposition: headers.contentDisposition,
      }),
      { expiresIn },
    )
    if (!this.options.baseUrl) return url
    const presigned = new URL(url)
    const base = new URL(this.options.baseUrl)
    const basePath = base.pathname.replace(/\/$/, '')
    return `${base.origin}${basePath}${presigned.pathname}${presigned.search}`
  }
}
