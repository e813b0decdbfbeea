// The s3 driver against an S3-compatible server started by the test (s3rver): publish, list,
// download through the presigned address (with the file's type, name and exact bytes), removal, and
// the CDN origin of FILES_BASE_URL. (s3rver does not verify SigV4 signatures; the store does.)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3FileStore } from './s3-store'

const BUCKET = 'datasets'
let server: S3rver
let endpoint: string
let dir: string
let store: S3FileStore

function makeStore(options: { baseUrl?: string; prefix?: string } = {}) {
  return new S3FileStore({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: options.prefix ?? 'files/',
    baseUrl: options.baseUrl,
    tempDir: path.join(dir, 'tmp'),
  })
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-s3-'))
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 'bucket'),
    configureBuckets: [{ name: BUCKET }],
  })
  const address = await server.run()
  endpoint = `http://127.0.0.1:${address.port}`
  store = makeStore()
})

afterAll(async () => {
  store?.client.destroy()
  await server?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function publish(target: S3FileStore, name: string, content: Buffer): Promise<void> {
  const temp = path.join(target.tempDir, `${name}.part`)
  fs.writeFileSync(temp, content)
  await target.commit(temp, name)
  expect(fs.existsSync(temp)).toBe(false)
}

describe('s3 file store', () => {
  const latin9 = Buffer.from('id,nom\n1,Caf\xe9 \xa4 \xbduvre\n', 'latin1')
  const name = '5b1e0c3a-6f0e-4d55-9c1b-7a2d3e4f5a61-v3-iso-8859-15.csv'

  it('publishes a file and downloads it through a presigned address with its type and name', async () => {
    await publish(store, name, latin9)
    const listed = []
    for await (const file of store.list()) listed.push(file)
    expect(listed.map((f) => f.name)).toContain(name)
    expect(listed.find((f) => f.name === name)?.bytes).toBe(latin9.length)

    const url = await store.signedUrl(name, Math.floor(Date.now() / 1000) + 3600)
    expect(url).toContain(`/${BUCKET}/files/${name}?`)
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600')
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=iso-8859-15')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${name}`)
    expect(Buffer.from(await response.arrayBuffer()).equals(latin9)).toBe(true)
  })

  it('saves a download under the name the address gives (a dataset title), with an ASCII fallback', async () => {
    const url = await store.signedUrl(
      name,
      Math.floor(Date.now() / 1000) + 60,
      'Locaux d’Ille-et-Vilaine.csv',
    )
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Locaux d'Ille-et-Vilaine.csv"; filename*=UTF-8''Locaux%20d%E2%80%99Ille-et-Vilaine.csv`,
    )
    expect(Buffer.from(await response.arrayBuffer()).equals(latin9)).toBe(true)
  })

  it('caps the validity at seven days, the longest SigV4 allows', async () => {
    const url = await store.signedUrl(name, Math.floor(Date.now() / 1000) + 30 * 86_400)
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('604800')
  })

  it('puts FILES_BASE_URL in front of the presigned path and query', async () => {
    const cdn = makeStore({ baseUrl: 'https://cdn.example.org/territoires/' })
    try {
      const url = new URL(await cdn.signedUrl(name, Math.floor(Date.now() / 1000) + 60))
      expect(url.origin).toBe('https://cdn.example.org')
      expect(url.pathname).toBe(`/territoires/${BUCKET}/files/${name}`)
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      cdn.client.destroy()
    }
  })

  it('removes a file', async () => {
    await store.remove(name)
    const names = []
    for await (const file of store.list()) names.push(file.name)
    expect(names).not.toContain(name)
    const url = await store.signedUrl(name, Math.floor(Date.now() / 1000) + 60)
    const response = await fetch(url)
    expect(response.status).toBe(404)
    await response.arrayBuffer()
  })
})
