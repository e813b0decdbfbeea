-- OAuth 2.0 authorization server: client applications, signing keys, the provider's own state
-- (codes, grants, sessions, refresh tokens, interactions) and rate-limit counters.
-- Runs unchanged on PostgreSQL 15+ and on the embedded engine (PGlite).

-- Client applications ("administration workshop" of the spec). The secret is stored as a hash only.
CREATE TABLE client_application (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id text NOT NULL UNIQUE,
  name text NOT NULL,
  secret_hash text NOT NULL,
  scopes text[] NOT NULL DEFAULT '{}',
  grant_types text[] NOT NULL,
  redirect_uris text[] NOT NULL DEFAULT '{}',
  post_logout_redirect_uris text[] NOT NULL DEFAULT '{}',
  -- the browser app itself: no consent screen, ID tokens for staff sign-in
  first_party boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  secret_rotated_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- Asymmetric keys signing access and ID tokens. The newest unretired key signs; retired keys stay
-- published in the JWKS until every token they signed has expired, then they are deleted.
CREATE TABLE oauth_signing_key (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  private_jwk jsonb NOT NULL,
  public_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- State of the authorization server, one row per artifact (authorization codes, grants,
-- sessions, interactions, refresh tokens, ...), as the provider's storage adapter sees it.
CREATE TABLE oauth_artifact (
  kind text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX oauth_artifact_grant ON oauth_artifact (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_artifact_uid ON oauth_artifact (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_artifact_expires ON oauth_artifact (expires_at) WHERE expires_at IS NOT NULL;

-- Fixed-window counters of the rate limiter when several instances share PostgreSQL.
CREATE TABLE rate_limit_counter (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
