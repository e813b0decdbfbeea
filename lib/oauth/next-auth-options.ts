// next-auth configuration of the browser app: staff sign in through this service's own
// authorization server (Authorization Code + PKCE, the app being its first client), the session is
// an encrypted cookie holding the user's id and role only (never an API token), and signing out
// also ends the authorization server's session.
import type { AuthOptions } from 'next-auth'
import type { OAuthConfig } from 'next-auth/providers/oauth'
import { env, type Env } from '../env'
import { appSecret } from '../auth/app-secret'
import {
  FIRST_PARTY_CLIENT_ID,
  firstPartyClientSecret,
  SIGN_IN_PROVIDER_ID,
} from '../auth/first-party-client'
import { activeSessionUser, openStaffSession, revokeStaffSession } from '../auth/staff-sessions'
import { TTL } from '../auth/tokens'
import { ROLES, type Role } from '../auth/users'
import { endAuthorizationServerSession } from './end-session'

const SIGN_IN_PATH = '/connexion'

/** Claims of the ID token the authorization server issues to the app. */
export interface StaffProfile {
  sub: string
  email: string
  name: string
  role: Role
  sid?: string
}

declare module 'next-auth' {
  interface User {
    role: Role
  }
  interface Session {
    user: { id: string; email: string; name: string; role: Role }
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    role?: Role
    /** The authorization server's session id for the app (ends it at sign-out). */
    sid?: string
    /** The server-side session record (lib/auth/staff-sessions.ts). */
    ssid?: string
  }
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

function staffSignInProvider(
  e: Pick<Env, 'publicUrl' | 'NEXTAUTH_SECRET' | 'dataDir'>,
): OAuthConfig<StaffProfile> {
  return {
    id: SIGN_IN_PROVIDER_ID,
    name: 'Données territoriales',
    type: 'oauth',
    // next-auth fetches this on every sign-in: the server must reach its own public URL.
    wellKnown: `${e.publicUrl}/.well-known/openid-configuration`,
    clientId: FIRST_PARTY_CLIENT_ID,
    clientSecret: firstPartyClientSecret(appSecret(e)),
    client: { id_token_signed_response_alg: 'ES256', token_endpoint_auth_method: 'client_secret_basic' },
    authorization: { params: { scope: 'openid profile email' } },
    checks: ['pkce', 'state'],
    idToken: true,
    profile(profile) {
      if (!isRole(profile.role)) throw new Error('the ID token carries no staff role')
      return { id: profile.sub, email: profile.email, name: profile.name, role: profile.role }
    },
  }
}

/** A line of next-auth's error metadata: an Error, or an object carrying one, or anything else. */
function authErrorMessage(metadata: unknown): string {
  const error =
    metadata instanceof Error
      ? metadata
      : (metadata as { error?: unknown } | undefined)?.error instanceof Error
        ? (metadata as { error: Error }).error
        : undefined
  if (error) return error.message
  if (typeof metadata === 'object' && metadata !== null && 'message' in metadata)
    return String((metadata as { message: unknown }).message)
  return String(metadata)
}

/**
 * next-auth's messages as one line each, without stack traces: a cookie that does not decrypt
 * (JWT_SESSION_ERROR) is client input, and must not write a trace per request.
 */
export function authLogger(
  e: Pick<Env, 'LOG_LEVEL'>,
  write = console,
): Required<NonNullable<AuthOptions['logger']>> {
  const quiet = e.LOG_LEVEL === 'silent'
  return {
    error(code, metadata) {
      if (quiet) return
      const line = `[auth] ${code}: ${authErrorMessage(metadata)}`
      if (code === 'JWT_SESSION_ERROR') {
        if (e.LOG_LEVEL !== 'error') write.warn(line)
      } else write.error(line)
    },
    warn(code) {
      if (!quiet && e.LOG_LEVEL !== 'error') write.warn(`[auth] ${code}`)
    },
    debug(code) {
      if (e.LOG_LEVEL === 'debug') write.debug(`[auth] ${code}`)
    },
  }
}

export function authOptions(e: Env = env()): AuthOptions {
  return {
    secret: appSecret(e),
    session: { strategy: 'jwt', maxAge: TTL.session },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [staffSignInProvider(e)],
    logger: authLogger(e),
    callbacks: {
      async jwt({ token, user, profile }) {
        if (user) {
          token.role = user.role
          const ssid = await openStaffSession(user.id, TTL.session)
          if (ssid) token.ssid = ssid
          else delete token.ssid
        }
        const sid = (profile as Partial<StaffProfile> | undefined)?.sid
        if (typeof sid === 'string') token.sid = sid
        return token
      },
      async session({ session, token }) {
        // A revoked or ended server-side session shows no user, whatever the cookie still says.
        const active = token.sub && token.ssid ? await activeSessionUser(token.ssid, token.sub) : null
        if (!active) {
          const { user: _, ...withoutUser } = session
          return withoutUser as typeof session
        }
        session.user = { id: active.id, email: active.email, name: active.name, role: active.role }
        return session
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.ssid) await revokeStaffSession(token.ssid)
        if (token?.sid) await endAuthorizationServerSession(FIRST_PARTY_CLIENT_ID, token.sid)
      },
    },
  }
}
