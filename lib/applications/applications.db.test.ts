import { afterAll, describe, expect, it } from 'vitest'
import { closePool, query } from '../db/pool'
import { ApiError } from '../http/api-error'
import { engineSkipped, testEngine } from '../testing/engine'
import { hashClientSecret, verifyClientSecret } from '../auth/client-secret'
import {
  clientStatuses,
  createClientApplication,
  ensureFirstPartyClient,
  findActiveClient,
  listClientApplications,
} from '../auth/clients'
import {
  getClientApplicationOrThrow,
  revokeClientApplication,
  rotateClientSecret,
  updateClientApplication,
} from './admin'

afterAll(() => closePool())

async function storedHash(clientId: string): Promise<string> {
  const { rows } = await query<{ hash: string }>(
    'SELECT secret_hash AS hash FROM client_application WHERE client_id = $1',
    [clientId],
  )
  return rows[0]!.hash
}

describe.skipIf(engineSkipped)(`client applications on ${testEngine}`, () => {
  it('creates an application with a hashed secret and the flows its redirect URIs call for', async () => {
    const { application, clientSecret } = await createClientApplication({
      name: 'Observatoire',
      scopes: ['eco', 'fiscal'],
    })
    expect(application).toMatchObject({
      name: 'Observatoire',
      scopes: ['fiscal', 'eco'],
      grantTypes: ['client_credentials'],
      redirectUris: [],
      revokedAt: null,
      firstParty: false,
    })
    const hash = await storedHash(application.clientId)
    expect(hash).not.toContain(clientSecret)
    expect(verifyClientSecret(clientSecret, hash)).toBe(true)

    const web = await createClientApplication({
      name: 'Portail',
      scopes: ['eco'],
      redirectUris: ['https://portail.example.org/cb'],
    })
    expect(web.application.grantTypes).toEqual(['client_credentials', 'authorization_code', 'refresh_token'])
    const listed = (await listClientApplications()).map((a) => a.clientId)
    expect(listed).toEqual(expect.arrayContaining([application.clientId, web.application.clientId]))
  })

  it('finds an application by id or client_id, and answers 404 otherwise', async () => {
    const { application } = await createClientApplication({ name: 'Recherche' })
    expect((await getClientApplicationOrThrow(application.id)).clientId).toBe(application.clientId)
    expect((await getClientApplicationOrThrow(application.clientId)).id).toBe(application.id)
    await expect(getClientApplicationOrThrow('tda_nope')).rejects.toMatchObject({ status: 404 })
    await expect(getClientApplicationOrThrow('00000000-0000-0000-0000-000000000000')).rejects.toBeInstanceOf(
      ApiError,
    )
  })

  it('rotates the secret: the old one stops matching, the new one matches', async () => {
    const { application, clientSecret } = await createClientApplication({ name: 'Rotation', scopes: ['eco'] })
    const rotated = await rotateClientSecret(application.clientId)
    expect(rotated.clientSecret).not.toBe(clientSecret)
    expect(rotated.application.secretRotatedAt).toBeInstanceOf(Date)
    const hash = await storedHash(application.clientId)
    expect(verifyClientSecret(clientSecret, hash)).toBe(false)
    expect(verifyClientSecret(rotated.clientSecret, hash)).toBe(true)
  })

  it('edits scopes and redirect URIs, keeping grant types in step', async () => {
    const { application } = await createClientApplication({ name: 'Édition', scopes: ['eco'] })
    const edited = await updateClientApplication(application.id, {
      scopes: ['eco:write', 'eco'],
      redirectUris: ['http://localhost:4000/cb'],
    })
    expect(edited).toMatchObject({
      scopes: ['eco', 'eco:write'],
      grantTypes: ['client_credentials', 'authorization_code', 'refresh_token'],
    })
    const back = await updateClientApplication(application.id, { redirectUris: [] })
    expect(back.grantTypes).toEqual(['client_credentials'])
    await expect(
      updateClientApplication(application.id, { redirectUris: ['http://example.org/cb'] }),
    ).rejects.toThrow(/https/)
    await expect(updateClientApplication(application.id, { scopes: ['admin' as never] })).rejects.toThrow()
  })

  it('revokes for good: no longer active, statuses say so, and it can no longer change', async () => {
    const { application } = await createClientApplication({ name: 'Révocation', scopes: ['fiscal'] })
    expect((await clientStatuses()).get(application.clientId)).toEqual({
      scopes: ['fiscal'],
      quota: { perMinute: null, perDay: null },
    })
    const revoked = await revokeClientApplication(application.id)
    expect(revoked.revokedAt).toBeInstanceOf(Date)
    expect(await findActiveClient(application.clientId)).toBeNull()
    expect((await clientStatuses()).get(application.clientId)).toBeNull()
    await expect(rotateClientSecret(application.id)).rejects.toMatchObject({ status: 409 })
    await expect(updateClientApplication(application.id, { name: 'x' })).rejects.toMatchObject({
      status: 409,
    })
  })

  it('registers the browser app as a first-party client and keeps it out of the admin list', async () => {
    const input = {
      clientId: 'tda_web_test',
      name: 'Application web',
      secret: 'first-party-secret',
      redirectUri: 'http://localhost:3000/api/auth/callback/territoires',
      postLogoutRedirectUri: 'http://localhost:3000/',
    }
    await ensureFirstPartyClient(input)
    await ensureFirstPartyClient({
      ...input,
      secret: 'changed-secret',
      redirectUri: 'https://app.example.org/api/auth/callback/territoires',
    })
    const client = await findActiveClient('tda_web_test')
    expect(client).toMatchObject({
      firstParty: true,
      grantTypes: ['authorization_code'],
      scopes: [],
      redirectUris: ['https://app.example.org/api/auth/callback/territoires'],
    })
    expect(client!.secretHash).toBe(hashClientSecret('changed-secret'))
    expect((await listClientApplications()).map((a) => a.clientId)).not.toContain('tda_web_test')
  })
})
