// Compression of responses (lib/http/compression) through real HTTP: API and BFF bodies over 1 KB
// come compressed as Accept-Encoding allows (brotli preferred, gzip otherwise, none without it), with
// Vary: Accept-Encoding, streamed GeoJSON too; small bodies, HEAD, 304 and file downloads do not.
import zlib from 'node:zlib'
import { expect, test } from '../support/contract-test'
import { SEED_DATASETS } from '@/lib/datasets/seed-datasets'
import { waitForFile } from '../support/datasets'
import { rawRequest } from '../support/http'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const PAGE = '/v0/eco/sirets?search[departement]=35&size=100'

function vary(headers: Record<string, string | string[] | undefined>): string[] {
  return String(headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
}

test('an API page comes in brotli, in gzip or as it is, as Accept-Encoding says', async ({
  baseURL,
}, testInfo) => {
  const headers = { Accept: 'application/json', Authorization: await bearer(baseURL!, testInfo, 'eco') }
  const plain = await rawRequest(baseURL!, { path: PAGE, headers })
  expect(plain.status).toBe(200)
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(vary(plain.headers)).toContain('accept-encoding')
  expect(plain.bytes.length).toBeGreaterThan(1024)

  const br = await rawRequest(baseURL!, {
    path: PAGE,
    headers: { ...headers, 'Accept-Encoding': 'gzip, deflate, br' },
  })
  expect(br.headers['content-encoding']).toBe('br')
  expect(vary(br.headers)).toContain('accept-encoding')
  expect(zlib.brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true)
  expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)

  const gzip = await rawRequest(baseURL!, { path: PAGE, headers: { ...headers, 'Accept-Encoding': 'gzip' } })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(zlib.gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true)

  for (const refused of ['identity', 'br;q=0, gzip;q=0', 'compress']) {
    const none = await rawRequest(baseURL!, {
      path: PAGE,
      headers: { ...headers, 'Accept-Encoding': refused },
    })
    expect(none.headers['content-encoding'], refused).toBeUndefined()
    expect(none.bytes.equals(plain.bytes), refused).toBe(true)
  }
})

test('a streamed GeoJSON is compressed as it streams', async ({ baseURL }, testInfo) => {
  const headers = { Authorization: await bearer(baseURL!, testInfo, 'eco') }
  const path = '/v0/eco/sirets.geojson?search[region]=53'
  const plain = await rawRequest(baseURL!, { path, headers })
  const br = await rawRequest(baseURL!, { path, headers: { ...headers, 'Accept-Encoding': 'br' } })
  expect(br.status).toBe(200)
  expect(br.headers['content-type']).toBe('application/geo+json')
  expect(br.headers['content-encoding']).toBe('br')
  expect(br.headers['transfer-encoding']).toBe('chunked')
  const text = zlib.brotliDecompressSync(br.bytes).toString('utf8')
  expect(text).toBe(plain.body)
  expect((JSON.parse(text) as { features: unknown[] }).features.length).toBeGreaterThan(100)
})

test('small bodies, HEAD and 304 go out uncompressed, with Vary still', async ({ baseURL }, testInfo) => {
  const accept = { 'Accept-Encoding': 'br, gzip' }
  const status = await rawRequest(baseURL!, { path: '/', headers: { ...accept, Accept: 'application/json' } })
  expect(status.status).toBe(200)
  expect(status.headers['content-encoding']).toBeUndefined()
  expect(status.headers['content-length']).toBe(String(status.bytes.length))
  expect(status.bytes.length).toBeLessThan(1024)

  const problem = await rawRequest(baseURL!, {
    path: '/v0/eco/sirets/00000000000000',
    headers: {
      ...accept,
      Accept: 'application/json',
      Authorization: await bearer(baseURL!, testInfo, 'eco'),
    },
  })
  expect(problem.status).toBe(404)
  expect(problem.headers['content-encoding']).toBeUndefined()

  const headers = {
    ...accept,
    Accept: 'application/json',
    Authorization: await bearer(baseURL!, testInfo, 'eco'),
  }
  const head = await rawRequest(baseURL!, { method: 'HEAD', path: PAGE, headers })
  expect(head.status).toBe(200)
  expect(head.headers['content-encoding']).toBeUndefined()
  expect(head.bytes.length).toBe(0)

  const first = await rawRequest(baseURL!, { path: PAGE, headers })
  const etag = first.headers.etag!
  expect(etag).toBeTruthy()
  const notModified = await rawRequest(baseURL!, {
    path: PAGE,
    headers: { ...headers, 'If-None-Match': etag },
  })
  expect(notModified.status).toBe(304)
  expect(notModified.headers['content-encoding']).toBeUndefined()
  expect(notModified.bytes.length).toBe(0)
  expect(vary(notModified.headers)).toContain('accept-encoding')
})

test('BFF answers are compressed too', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'staff')
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const path = '/bff/etablissements?search[departement]=35&size=100'
  const br = await rawRequest(baseURL!, { path, headers: { Cookie: cookie, 'Accept-Encoding': 'br, gzip' } })
  expect(br.status).toBe(200)
  expect(br.headers['content-encoding']).toBe('br')
  const body = JSON.parse(zlib.brotliDecompressSync(br.bytes).toString('utf8')) as {
    etablissements: unknown[]
  }
  expect(body.etablissements).toHaveLength(100)
})

test('signed file downloads are never compressed', async ({ request, baseURL }, testInfo) => {
  const view = await waitForFile(request, SEED_DATASETS.siret.id, await bearer(baseURL!, testInfo, 'eco'))
  const location = new URL(view.location)
  const file = await rawRequest(baseURL!, {
    path: `${location.pathname}${location.search}`,
    headers: { 'Accept-Encoding': 'br, gzip' },
  })
  expect(file.status).toBe(200)
  expect(file.headers['content-encoding']).toBeUndefined()
  expect(file.bytes.length).toBeGreaterThan(1024)
  expect(file.bytes.toString('utf8').startsWith('id,siret,siren,')).toBe(true)
})
