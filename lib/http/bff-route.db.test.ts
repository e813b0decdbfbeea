import { encode } from 'next-auth/jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { currentStaffUser, hasRole } from '../auth/staff-session'
import { openStaffSession } from '../auth/staff-sessions'
import { createUser, type StaffUser } from '../auth/users'
import { closePool, query } from '../db/pool'
import { resetEnvCache } from '../env'
import { engineSkipped, testEngine } from '../testing/engine'
import { bffRoute } from './bff-route'

const ORIGIN = 'http://localhost:3000'
const SECRET = 'test-secret-of-the-bff-route-suite-0123456789'

afterAll(() => closePool())

const adminRoute = bffRoute(
  {
    role: 'admin',
    params: z.object({ id: z.uuid() }),
    body: z.object({ name: z.string().min(1), count: z.number().int() }).strict(),
  },
  async ({ params, body, user }) => ({ id: params.id, name: body?.name, by: user.email }),
)
const staffRoute = bffRoute(
  { role: 'staff', query: z.object({ q: z.string().optional() }) },
  async ({ query, user }) => ({
    q: query.q ?? null,
    role: user.role,
  }),
)

const ID = '7d1f5a0e-5b7a-4c55-9d1e-0c6f3f8c2a11'

/** A session cookie naming a server-side session record, as sign-in issues them. */
async function session(user: StaffUser, secret = SECRET, maxAge?: number) {
  const ssid = await openStaffSession(user.id, maxAge ?? 3600)
  if (!ssid) throw new Error(`no session opened for ${user.email}`)
  return encode({
    token: { sub: user.id, email: user.email, name: user.name, role: user.role, ssid },
    secret,
    ...(maxAge ? { maxAge } : {}),
  })
}

function call(
  route: typeof adminRoute,
  init: {
    method?: string
    cookie?: string
    origin?: string | null
    body?: string
    contentType?: string
    path?: string
    id?: string
  },
) {
  const headers: Record<string, string> = {}
  if (init.cookie) headers.cookie = `next-auth.session-token=${init.cookie}`
  if (init.origin !== null && init.method && init.method !== 'GET') headers.origin = init.origin ?? ORIGIN
  if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json'
  return route(
    new Request(`${ORIGIN}${init.path ?? `/bff/things/${init.id ?? ID}`}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
    }),
    { params: Promise.resolve({ id: init.id ?? ID }) },
  )
}

describe.skipIf(engineSkipped)(`BFF route wrapper on ${testEngine}`, () => {
  let admin: StaffUser
  let staff: StaffUser
  let disabled: StaffUser
  /** Signed in before the account was disabled. */
  let disabledCookie: string

  beforeAll(async () => {
    process.env.NEXTAUTH_SECRET = SECRET
    process.env.PUBLIC_URL = ORIGIN
    resetEnvCache()
    const stamp = Date.now()
    admin = await createUser({
      email: `bff-admin-${stamp}@example.org`,
      name: 'Admin',
      role: 'admin',
      password: 'mot-de-passe-1',
    })
    staff = await createUser({
      email: `bff-staff-${stamp}@example.org`,
      name: 'Agent',
      role: 'staff',
      password: 'mot-de-passe-2',
    })
    disabled = await createUser({
      email: `bff-off-${stamp}@example.org`,
      name: 'Parti',
      role: 'admin',
      password: 'mot-de-passe-3',
    })
    disabledCookie = await session(disabled)
    await query('UPDATE staff_user SET disabled = true WHERE id = $1', [disabled.id])
  })

  it('reads the signed-in user from the session cookie, checked against the database', async () => {
    const headers = (cookie: string) => new Headers({ cookie: `a=b; next-auth.session-token=${cookie}` })
    expect(await currentStaffUser(headers(await session(staff)))).toMatchObject({
      id: staff.id,
      role: 'staff',
    })
    expect(await currentStaffUser(headers(disabledCookie))).toBeNull()
    expect(
      await currentStaffUser(headers(await session(staff, 'another-secret-another-secret-another'))),
    ).toBeNull()
    expect(await currentStaffUser(headers('garbage'))).toBeNull()
    expect(await currentStaffUser(new Headers())).toBeNull()
    // next-auth splits large sessions into chunks.
    const token = await session(admin)
    const chunked = new Headers({
      cookie: `next-auth.session-token.0=${token.slice(0, 100)}; next-auth.session-token.1=${token.slice(100)}`,
    })
    expect(await currentStaffUser(chunked)).toMatchObject({ id: admin.id })
    expect(hasRole(admin, 'staff')).toBe(true)
    expect(hasRole(staff, 'admin')).toBe(false)
  })

  it('answers 401 without a valid session and 403 when the role is insufficient', async () => {
    const anonymous = await call(staffRoute, {})
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect((await call(staffRoute, { cookie: disabledCookie })).status).toBe(401)
    const expired = await session(staff, SECRET, -60)
    expect((await call(staffRoute, { cookie: expired })).status).toBe(401)

    const body = JSON.stringify({ name: 'x', count: 1 })
    const refused = await call(adminRoute, { method: 'POST', cookie: await session(staff), body })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      status: 403,
      detail: expect.stringMatching(/administrateurs/),
    })

    const ok = await call(staffRoute, { cookie: await session(staff), path: '/bff/things?q=abc' })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    expect(await ok.json()).toEqual({ q: 'abc', role: 'staff' })
  })

  it('refuses cross-site state-changing requests (CSRF) before anything else', async () => {
    const cookie = await session(admin)
    const body = JSON.stringify({ name: 'x', count: 1 })
    const crossSite = await call(adminRoute, { method: 'POST', cookie, body, origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
    expect(await crossSite.json()).toMatchObject({ detail: expect.stringMatching(/intersite/) })
    const noOrigin = await call(adminRoute, { method: 'POST', cookie, body, origin: null })
    expect(noOrigin.status).toBe(403)
    const accepted = await call(adminRoute, { method: 'POST', cookie, body })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ id: ID, name: 'x', by: admin.email })
  })

  it('validates params and body with zod, listing every issue, and refuses non-JSON bodies', async () => {
    const cookie = await session(admin)
    const invalid = await call(adminRoute, {
      method: 'POST',
      cookie,
      id: 'not-a-uuid',
      body: JSON.stringify({ name: '', count: 1.5, extra: true }),
    })
    expect(invalid.status).toBe(400)
    const problem = (await invalid.json()) as { errors: Array<{ location: string; path: string }> }
    expect(problem.errors.map((e) => `${e.location}:${e.path}`)).toEqual(
      expect.arrayContaining(['params:id', 'body:name', 'body:count', 'body:']),
    )
    expect(
      (await call(adminRoute, { method: 'POST', cookie, body: '{"name":', contentType: 'application/json' }))
        .status,
    ).toBe(400)
    expect(
      (await call(adminRoute, { method: 'POST', cookie, body: 'name=x', contentType: 'text/plain' })).status,
    ).toBe(415)
  })
})
