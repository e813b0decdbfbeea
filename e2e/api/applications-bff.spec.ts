// The admin BFF routes of client applications (for the applications page), through real HTTP with
// a real staff session: roles, CSRF, validation, the secret shown once, rotate, edit and revoke.
import { expect, test } from '../support/contract-test'
import { problemSchema } from '@/lib/http/problem-schema'
import { signInRequest } from '../support/staff'

const PROBLEM = 'application/problem+json; charset=utf-8'

test('refuses anonymous callers (401) and staff without the admin role (403)', async ({
  request,
  baseURL,
}) => {
  const anonymous = await request.get('/bff/applications')
  expect(anonymous.status()).toBe(401)
  expect(anonymous.headers()['content-type']).toBe(PROBLEM)
  await signInRequest(request, baseURL!, 'staff')
  const staff = await request.get('/bff/applications')
  expect(staff.status()).toBe(403)
  expect(problemSchema.parse(await staff.json()).detail).toMatch(/administrateurs/)
})

test('lets an administrator create, edit, rotate and revoke an application', async ({ request, baseURL }) => {
  await signInRequest(request, baseURL!, 'admin')
  const headers = { Origin: baseURL! }

  const created = await request.post('/bff/applications', {
    headers,
    data: {
      client_name: 'Tableau de bord BFF',
      scopes: ['eco'],
      redirect_uris: ['https://tableau.example.org/cb'],
    },
  })
  expect(created.status()).toBe(201)
  expect(created.headers()['cache-control']).toBe('no-store')
  const { application, client_secret } = (await created.json()) as {
    application: { id: string; client_id: string; scopes: string[]; grant_types: string[] }
    client_secret: string
  }
  expect(application).toMatchObject({
    scopes: ['eco'],
    grant_types: ['client_credentials', 'authorization_code', 'refresh_token'],
  })
  expect(client_secret).toMatch(/^tda_secret_/)

  const token = await request.post('/oauth/token', {
    data: { grant_type: 'client_credentials', client_id: application.client_id, client_secret },
  })
  expect(token.status()).toBe(200)

  // The list never shows a secret.
  const list = await request.get('/bff/applications')
  expect(list.status()).toBe(200)
  const listed = JSON.stringify(await list.json())
  expect(listed).toContain(application.client_id)
  expect(listed).not.toContain(client_secret)
  expect(listed).not.toContain('sha256$')

  const edited = await request.patch(`/bff/applications/${application.id}`, {
    headers,
    data: { scopes: ['eco', 'fiscal'], redirect_uris: [] },
  })
  expect(edited.status()).toBe(200)
  expect(await edited.json()).toMatchObject({
    application: { scopes: ['fiscal', 'eco'], grant_types: ['client_credentials'] },
  })

  const rotated = await request.post(`/bff/applications/${application.id}/rotate-secret`, { headers })
  expect(rotated.status()).toBe(200)
  const { client_secret: newSecret } = (await rotated.json()) as { client_secret: string }
  expect(newSecret).not.toBe(client_secret)
  const withOld = await request.post('/oauth/token', {
    data: { grant_type: 'client_credentials', client_id: application.client_id, client_secret },
  })
  expect(withOld.status()).toBe(401)

  const revoked = await request.post(`/bff/applications/${application.id}/revoke`, { headers })
  expect(revoked.status()).toBe(200)
  expect(await revoked.json()).toMatchObject({ application: { revoked: true } })
  const afterRevocation = await request.post('/oauth/token', {
    data: { grant_type: 'client_credentials', client_id: application.client_id, client_secret: newSecret },
  })
  expect(afterRevocation.status()).toBe(401)
  const again = await request.post(`/bff/applications/${application.id}/rotate-secret`, { headers })
  expect(again.status()).toBe(409)
})

test.describe('refusals for an administrator', () => {
  const cases: Array<{
    name: string
    method: 'post' | 'patch'
    path: string
    data?: unknown
    origin?: string
    status: number
  }> = [
    {
      name: 'cross-site request',
      method: 'post',
      path: '/bff/applications',
      data: { client_name: 'x' },
      origin: 'https://evil.example',
      status: 403,
    },
    {
      name: 'invalid body',
      method: 'post',
      path: '/bff/applications',
      data: { client_name: '', scopes: ['admin'], redirect_uris: ['ftp://x'] },
      status: 400,
    },
    {
      name: 'unknown member',
      method: 'post',
      path: '/bff/applications',
      data: { client_name: 'x', secret: 'mine' },
      status: 400,
    },
    {
      name: 'invalid id',
      method: 'patch',
      path: '/bff/applications/not-a-uuid',
      data: { client_name: 'x' },
      status: 400,
    },
    {
      name: 'unknown application',
      method: 'patch',
      path: '/bff/applications/00000000-0000-4000-8000-000000000000',
      data: { client_name: 'x' },
      status: 404,
    },
    {
      name: 'empty change',
      method: 'patch',
      path: '/bff/applications/00000000-0000-4000-8000-000000000000',
      data: {},
      status: 400,
    },
  ]
  for (const c of cases) {
    test(`${c.name} → ${c.status}`, async ({ request, baseURL }) => {
      await signInRequest(request, baseURL!, 'admin')
      const response = await request[c.method](c.path, {
        headers: { Origin: c.origin ?? baseURL! },
        data: c.data,
      })
      expect(response.status()).toBe(c.status)
      expect(response.headers()['content-type']).toBe(PROBLEM)
      const problem = problemSchema.parse(await response.json())
      expect(problem.status).toBe(c.status)
      if (c.status === 400 && c.name === 'invalid body') {
        expect(problem.errors?.map((e) => e.path)).toEqual(
          expect.arrayContaining(['client_name', 'scopes.0', 'redirect_uris.0']),
        )
      }
    })
  }
})
