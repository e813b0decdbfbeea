// The workshop's BFF routes (/bff/datasets/**) through real HTTP with a real administrator session:
// create from a search (with a preview), status and progress until the file is ready, download links
// of a chosen validity, preview, encoding change and refresh (new versions, earlier files still
// downloadable through the addresses issued for them), deletion, and the refusals.
import { expect, test } from '../support/contract-test'
import type { AdminDatasetWire } from '@/lib/datasets/serialise'
import { problemSchema } from '@/lib/http/problem-schema'
import { signInRequest } from '../support/staff'
import { bearer } from '../support/tokens'

const PROBLEM = 'application/problem+json; charset=utf-8'

test('refuses anonymous callers (401) and staff without the admin role (403)', async ({
  request,
  baseURL,
}) => {
  const anonymous = await request.get('/bff/datasets')
  expect(anonymous.status()).toBe(401)
  expect(anonymous.headers()['content-type']).toBe(PROBLEM)
  await signInRequest(request, baseURL!, 'staff')
  const staff = await request.get('/bff/datasets')
  expect(staff.status()).toBe(403)
  expect(problemSchema.parse(await staff.json()).detail).toMatch(/administrateurs/)
})

test('lets an administrator run a dataset’s whole life', async ({ request, baseURL }, testInfo) => {
  await signInRequest(request, baseURL!, 'admin')
  const headers = { Origin: baseURL! }
  const search = { departement: '35' }

  const preview = await request.post('/bff/datasets/preview', {
    headers,
    data: { model: 'siret', search, size: 3 },
  })
  expect(preview.status()).toBe(200)
  const { total, data } = (await preview.json()) as { total: number; data: Array<{ code_commune: string }> }
  expect(total).toBeGreaterThan(0)
  expect(data.length).toBe(Math.min(3, total))
  expect(data.every((r) => r.code_commune.startsWith('35'))).toBe(true)

  const created = await request.post('/bff/datasets', {
    headers,
    data: { title: 'Établissements d’Ille-et-Vilaine', model: 'siret', search },
  })
  expect(created.status()).toBe(201)
  expect(created.headers()['cache-control']).toBe('no-store')
  let { dataset } = (await created.json()) as { dataset: AdminDatasetWire }
  expect(dataset).toMatchObject({
    title: 'Établissements d’Ille-et-Vilaine',
    model: 'siret',
    search: { departement: ['35'] },
    encoding: 'UTF-8',
    total,
    version: 1,
    current: null,
    url: `/v0/datasets/${dataset.id}`,
  })
  expect(['pending', 'generating', 'ready']).toContain(dataset.status)

  const waitFor = async (version: number) => {
    const deadline = Date.now() + 90_000
    for (;;) {
      const response = await request.get(`/bff/datasets/${dataset.id}`)
      expect(response.status()).toBe(200)
      const shown = ((await response.json()) as { dataset: AdminDatasetWire }).dataset
      expect(shown.progress.rows).toBeLessThanOrEqual(shown.progress.total)
      if (shown.latest.version === version && shown.status === 'ready') return shown
      expect(shown.status).not.toBe('failed')
      if (Date.now() > deadline) throw new Error(`version ${version} not ready`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  dataset = await waitFor(1)
  expect(dataset).toMatchObject({
    progress: { rows: total, total },
    replaced_characters: expect.any(Number),
    current: { version: 1, status: 'ready', file_name: `${dataset.id}-v1.csv`, encoding: 'UTF-8' },
  })

  const listed = (await (await request.get('/bff/datasets')).json()) as { datasets: AdminDatasetWire[] }
  expect(listed.datasets.find((d) => d.id === dataset.id)).toMatchObject({ status: 'ready', version: 1 })

  const link = await request.get(`/bff/datasets/${dataset.id}/download-link?expires=120`)
  expect(link.status()).toBe(200)
  const v1 = (await link.json()) as {
    location: string
    expires_at: string
    file_name: string
    version: number
  }
  expect(v1).toMatchObject({ file_name: `${dataset.id}-v1.csv`, version: 1, encoding: 'UTF-8', total })
  const expiresAt = Date.parse(v1.expires_at) / 1000
  expect(Number(new URL(v1.location).searchParams.get('expires'))).toBe(expiresAt)
  expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(120)
  expect((await request.get(v1.location)).status()).toBe(200)

  const first = await request.get(`/bff/datasets/${dataset.id}/preview?size=2`)
  expect(first.status()).toBe(200)
  expect(await first.json()).toMatchObject({
    version: 1,
    total,
    data: [expect.any(Object), expect.any(Object)].slice(0, Math.min(2, total)),
  })

  // A new encoding: a new file and version; the link issued for version 1 keeps working.
  const changed = await request.patch(`/bff/datasets/${dataset.id}`, {
    headers,
    data: { encoding: 'ISO-8859-15', title: 'Ille-et-Vilaine (Latin-9)' },
  })
  expect(changed.status()).toBe(200)
  expect(await changed.json()).toMatchObject({
    dataset: { encoding: 'ISO-8859-15', title: 'Ille-et-Vilaine (Latin-9)', latest: { version: 2 } },
  })
  dataset = await waitFor(2)
  expect(dataset.current).toMatchObject({ version: 2, file_name: `${dataset.id}-v2-iso-8859-15.csv` })
  const publicView = await request.get(`/v0/datasets/${dataset.id}?csv`, {
    headers: { Accept: 'application/json', Authorization: await bearer(baseURL!, testInfo, 'eco') },
  })
  expect(await publicView.json()).toMatchObject({
    version: 2,
    encoding: 'ISO-8859-15',
    title: 'Ille-et-Vilaine (Latin-9)',
  })
  const old = await request.get(v1.location)
  expect(old.status()).toBe(200)
  expect(old.headers()['content-type']).toBe('text/csv; charset=utf-8')

  const refreshed = await request.post(`/bff/datasets/${dataset.id}/refresh`, { headers })
  expect(refreshed.status()).toBe(200)
  expect(await refreshed.json()).toMatchObject({
    dataset: { latest: { version: 3, encoding: 'ISO-8859-15' } },
  })
  dataset = await waitFor(3)

  const deleted = await request.delete(`/bff/datasets/${dataset.id}`, { headers })
  expect(deleted.status()).toBe(204)
  expect((await request.get(`/bff/datasets/${dataset.id}`)).status()).toBe(404)
  // The files of a deleted dataset go with it, whatever addresses were issued.
  expect((await request.get(v1.location)).status()).toBe(404)
})

test.describe('refusals for an administrator', () => {
  const unknown = '00000000-0000-4000-8000-000000000000'
  const cases: Array<{
    name: string
    method: 'get' | 'post' | 'patch' | 'delete'
    path: string
    data?: unknown
    origin?: string
    status: number
    paths?: string[]
  }> = [
    {
      name: 'cross-site creation',
      method: 'post',
      path: '/bff/datasets',
      data: { title: 'x', model: 'siret' },
      origin: 'https://evil.example',
      status: 403,
    },
    {
      name: 'unknown model',
      method: 'post',
      path: '/bff/datasets',
      data: { title: 'x', model: 'cadastre' },
      status: 400,
      paths: ['model'],
    },
    {
      name: 'invalid search and title',
      method: 'post',
      path: '/bff/datasets',
      data: { title: '', model: 'local', search: { codcom: '123', couleur: 'bleu' }, encoding: 'ebcdic' },
      status: 400,
      paths: ['title', 'search.codcom', 'search', 'encoding'],
    },
    {
      name: 'invalid preview size',
      method: 'post',
      path: '/bff/datasets/preview',
      data: { model: 'siret', size: 1000 },
      status: 400,
      paths: ['size'],
    },
    { name: 'invalid id', method: 'get', path: '/bff/datasets/abc', status: 400, paths: ['id'] },
    { name: 'unknown dataset', method: 'get', path: `/bff/datasets/${unknown}`, status: 404 },
    {
      name: 'unknown dataset refresh',
      method: 'post',
      path: `/bff/datasets/${unknown}/refresh`,
      status: 404,
    },
    { name: 'unknown dataset deletion', method: 'delete', path: `/bff/datasets/${unknown}`, status: 404 },
    {
      name: 'empty change',
      method: 'patch',
      path: `/bff/datasets/${unknown}`,
      data: {},
      status: 400,
    },
    {
      name: 'link validity out of range',
      method: 'get',
      path: `/bff/datasets/${unknown}/download-link?expires=0`,
      status: 400,
      paths: ['expires'],
    },
  ]
  for (const c of cases) {
    test(`${c.name} → ${c.status}`, async ({ request, baseURL }) => {
      await signInRequest(request, baseURL!, 'admin')
      const response = await request[c.method](c.path, {
        headers: { Origin: c.origin ?? baseURL! },
        ...(c.data !== undefined ? { data: c.data } : {}),
      })
      expect(response.status()).toBe(c.status)
      expect(response.headers()['content-type']).toBe(PROBLEM)
      const problem = problemSchema.parse(await response.json())
      expect(problem.status).toBe(c.status)
      if (c.paths) expect(problem.errors?.map((e) => e.path)).toEqual(expect.arrayContaining(c.paths))
    })
  }
})
