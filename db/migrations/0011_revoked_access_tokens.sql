-- Access tokens are signed JWTs the API verifies without a database round trip; the ones revoked
-- before they expire are listed here, by token id (jti: /oauth/revoke) or by grant (every token of
-- an authorization whose code was replayed). Verifiers reload the list every OAUTH_CLIENT_CACHE_TTL
-- seconds; a row is useless once the tokens it names have expired.
CREATE TABLE oauth_revoked_token (
  kind text NOT NULL CHECK (kind IN ('jti', 'grant')),
  id text NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, id)
);
CREATE INDEX oauth_revoked_token_expires ON oauth_revoked_token (expires_at);
