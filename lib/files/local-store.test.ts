import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileHeaders, isSafeFileName } from './file-store'
import { LocalFileStore } from './local-store'
import { serveLocalFile } from './serve-local-file'
import { signature } from './signing'

const SECRET = 'local-store-test-secret-0123456789abcdef'
let root: string
let store: LocalFileStore

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tda-files-'))
  store = new LocalFileStore({ root, baseUrl: 'http://localhost:3000', secret: SECRET })
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

async function publish(name: string, content: Buffer | string): Promise<void> {
  const temp = path.join(store.tempDir, `${name}.part`)
  fs.writeFileSync(temp, content)
  await store.commit(temp, name)
}

function get(url: string, method = 'GET') {
  const parsed = new URL(url)
  const segments = parsed.pathname.split('/').slice(2).map(decodeURIComponent)
  return serveLocalFile(new Request(parsed, { method }), segments, store)
}

describe('file names', () => {
  it.each(['a-v1.csv', '5b1e0c3a-6f0e-4d55-9c1b-7a2d3e4f5a61-v12-iso-8859-15.csv'])('accepts %s', (name) =>
    expect(isSafeFileName(name)).toBe(true),
  )
  it.each(['', '.hidden', '../etc/passwd', 'a/b.csv', 'a\\b.csv', 'x..csv', 'a b.csv', 'é.csv'])(
    'refuses %j',
    (name) => expect(isSafeFileName(name)).toBe(false),
  )
  it('derives the media type and the download name from the file name', () => {
    expect(fileHeaders('x-v1.csv')).toEqual({
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: 'attachment; filename=x-v1.csv',
    })
    expect(fileHeaders('x-v1-iso-8859-15.csv').contentType).toBe('text/csv; charset=iso-8859-15')
  })
})

describe('local file store', () => {
  it('publishes a temporary file by rename, lists and removes it', async () => {
    await publish('listed-v1.csv', 'a,b\n')
    expect(fs.readdirSync(store.tempDir)).not.toContain('listed-v1.csv.part')
    const names = []
    for await (const file of store.list()) names.push(file.name)
    expect(names).toContain('listed-v1.csv')
    await store.remove('listed-v1.csv')
    await store.remove('listed-v1.csv')
    expect(fs.existsSync(path.join(root, 'listed-v1.csv'))).toBe(false)
  })

  it('refuses to write or sign a name that is not a plain file name', async () => {
    await expect(store.commit('/tmp/x', '../x.csv')).rejects.toThrow(/Unsafe/)
    await expect(store.signedUrl('a/b.csv', 1)).rejects.toThrow(/Unsafe/)
  })

  it('serves a signed address with the file’s type, name and bytes', async () => {
    const latin9 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2c, 0xa4, 0x0a])
    await publish('served-v1-iso-8859-15.csv', latin9)
    const url = await store.signedUrl('served-v1-iso-8859-15.csv', Math.floor(Date.now() / 1000) + 60)
    expect(url).toMatch(
      /^http:\/\/localhost:3000\/files\/served-v1-iso-8859-15\.csv\?expires=\d+&signature=[\w-]+$/,
    )
    const response = await get(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=iso-8859-15')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=served-v1-iso-8859-15.csv')
    expect(response.headers.get('content-length')).toBe(String(latin9.length))
    expect(Buffer.from(await response.arrayBuffer()).equals(latin9)).toBe(true)
    const head = await get(url, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('saves the file under the signed name of its address (a dataset title); an altered name is 403', async () => {
    await publish('named-v1.csv', 'a\n')
    const expires = Math.floor(Date.now() / 1000) + 60
    const url = new URL(await store.signedUrl('named-v1.csv', expires, 'Établissements de Bretagne.csv'))
    expect(url.searchParams.get('filename')).toBe('Établissements de Bretagne.csv')
    const response = await get(url.href)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="Etablissements de Bretagne.csv"; filename*=UTF-8\'\'%C3%89tablissements%20de%20Bretagne.csv',
    )
    expect(await response.text()).toBe('a\n')
    for (const filename of ['Autre nom.csv', null]) {
      const altered = new URL(url)
      if (filename === null) altered.searchParams.delete('filename')
      else altered.searchParams.set('filename', filename)
      expect((await get(altered.href)).status, String(filename)).toBe(403)
    }
    // An address without a name keeps its own signature, and the file's name.
    const plain = await get(await store.signedUrl('named-v1.csv', expires))
    expect(plain.headers.get('content-disposition')).toBe('attachment; filename=named-v1.csv')
  })

  it('answers 403 to altered addresses, 410 to expired ones and 404 to other paths', async () => {
    await publish('guarded-v1.csv', 'x\n')
    const expires = Math.floor(Date.now() / 1000) + 60
    const url = new URL(await store.signedUrl('guarded-v1.csv', expires))
    const altered = new URL(url)
    altered.searchParams.set('expires', String(expires + 1))
    expect((await get(altered.href)).status).toBe(403)
    const unsigned = new URL(url)
    unsigned.search = ''
    expect((await get(unsigned.href)).status).toBe(403)
    const other = new URL(url.href.replace('guarded-v1.csv', 'served-v1-iso-8859-15.csv'))
    expect((await get(other.href)).status).toBe(403)

    const past = Math.floor(Date.now() / 1000) - 5
    const expired = await store.signedUrl('guarded-v1.csv', past)
    const gone = await get(expired)
    expect(gone.status).toBe(410)
    expect(gone.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')

    for (const name of ['..%2Fsecrets%2Ffiles-signing-secret', '.tmp', '%2Fetc%2Fpasswd']) {
      const pathname = `/files/${name}`
      const forged = `http://localhost:3000${pathname}?expires=${expires}&signature=${signature(pathname, expires, SECRET)}`
      expect((await get(forged)).status, name).toBe(404)
    }
    const missing = await store.signedUrl('never-written-v1.csv', expires)
    expect((await get(missing)).status).toBe(404)
  })
})
