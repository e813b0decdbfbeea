import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '../env'
import { createFileStore } from './index'
import { S3FileStore } from './s3-store'
import { checkSignature } from './signing'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-files-config-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('file store configuration', () => {
  it('defaults to the local driver under DATA_DIR/files, signing with a key generated there', async () => {
    const e = parseEnv({ DATA_DIR: dataDir })
    const store = createFileStore(e)
    expect(store.driver).toBe('local')
    expect(store.tempDir).toBe(path.join(dataDir, 'files', '.tmp'))
    const secretFile = path.join(dataDir, 'secrets', 'files-signing-secret')
    const secret = fs.readFileSync(secretFile, 'utf8')
    expect(secret.length).toBeGreaterThanOrEqual(32)
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600)
    const url = new URL(await store.signedUrl('a-v1.csv', 2_000_000_000))
    expect(url.origin).toBe('http://localhost:3000')
    expect(
      checkSignature(
        url.pathname,
        url.searchParams.get('expires'),
        url.searchParams.get('signature'),
        secret,
        0,
      ),
    ).toBe('valid')
    // The same key on the next start.
    const again = new URL(await createFileStore(e).signedUrl('a-v1.csv', 2_000_000_000))
    expect(again.searchParams.get('signature')).toBe(url.searchParams.get('signature'))
  })

  it('signs with FILES_SIGNING_SECRET and addresses FILES_BASE_URL when set', async () => {
    const secret = 'an-explicit-signing-secret-of-32-chars'
    const store = createFileStore(
      parseEnv({
        DATA_DIR: dataDir,
        FILES_SIGNING_SECRET: secret,
        FILES_BASE_URL: 'https://cdn.example.org/tda',
      }),
    )
    const url = new URL(await store.signedUrl('b-v2.csv', 2_000_000_000))
    expect(`${url.origin}${url.pathname}`).toBe('https://cdn.example.org/tda/files/b-v2.csv')
    expect(
      checkSignature(
        '/files/b-v2.csv',
        url.searchParams.get('expires'),
        url.searchParams.get('signature'),
        secret,
        0,
      ),
    ).toBe('valid')
  })

  it('builds the s3 driver from FILES_S3_*', () => {
    const store = createFileStore(
      parseEnv({
        DATA_DIR: dataDir,
        FILES_DRIVER: 's3',
        FILES_S3_BUCKET: 'datasets',
        FILES_S3_ENDPOINT: 'http://127.0.0.1:9000',
        FILES_S3_ACCESS_KEY_ID: 'key',
        FILES_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    )
    expect(store).toBeInstanceOf(S3FileStore)
    ;(store as S3FileStore).client.destroy()
  })

  it.each([
    [{ FILES_DRIVER: 's3' }, /FILES_S3_BUCKET/],
    [{ FILES_DRIVER: 'ftp' }, /FILES_DRIVER/],
    [{ FILES_S3_ACCESS_KEY_ID: 'key' }, /FILES_S3_SECRET_ACCESS_KEY/],
    [{ FILES_SIGNING_SECRET: 'short' }, /FILES_SIGNING_SECRET/],
    [{ FILES_BASE_URL: 'not a url' }, /FILES_BASE_URL/],
    [{ DATASET_JOBS: 'maybe' }, /DATASET_JOBS/],
  ])('names the variable that is wrong: %j', (vars, name) => {
    expect(() => parseEnv(vars)).toThrowError(EnvError)
    expect(() => parseEnv(vars)).toThrowError(name)
  })
})
