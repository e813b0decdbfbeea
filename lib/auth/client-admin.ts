// Contracts of the admin BFF routes managing client applications (app/bff/applications/**), used
// by the applications page of the browser app. Wire names follow OAuth client metadata
// (client_name, scopes, redirect_uris); the secret is returned once, by create and rotate-secret.
import { z } from 'zod'
import type { BffContract } from '../http/bff-route'
import {
  clientNameSchema,
  clientScopesSchema,
  redirectUriSchema,
  serialiseClientApplication,
  type ClientApplication,
} from './clients'

const applicationId = z.object({ id: z.uuid('Identifiant d’application invalide.') })

export const listApplicationsContract = { role: 'admin' } satisfies BffContract

export const createApplicationContract = {
  role: 'admin',
  body: z
    .object({
      client_name: clientNameSchema,
      scopes: clientScopesSchema.default([]),
      redirect_uris: z.array(redirectUriSchema).max(10).default([]),
    })
    .strict()
    .transform((b) => ({ name: b.client_name, scopes: b.scopes, redirectUris: b.redirect_uris })),
} satisfies BffContract

export const updateApplicationContract = {
  role: 'admin',
  params: applicationId,
  body: z
    .object({
      client_name: clientNameSchema.optional(),
      scopes: clientScopesSchema.optional(),
      redirect_uris: z.array(redirectUriSchema).max(10).optional(),
    })
    .strict()
    .refine((b) => Object.values(b).some((v) => v !== undefined), 'Aucune modification demandée.')
    .transform((b) => ({ name: b.client_name, scopes: b.scopes, redirectUris: b.redirect_uris })),
} satisfies BffContract

export const applicationActionContract = { role: 'admin', params: applicationId } satisfies BffContract

export function applicationResponse(application: ClientApplication, clientSecret?: string) {
  return {
    application: serialiseClientApplication(application),
    ...(clientSecret ? { client_secret: clientSecret } : {}),
  }
}
