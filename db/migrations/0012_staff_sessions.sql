-- Server-side records of staff sessions. The session cookie (an encrypted JWT) names its record;
-- a session counts only while its record is neither revoked (sign-out) nor expired, and while its
-- user is enabled with the role and password the session was opened with: changing either, or
-- disabling the account, ends every open session of the user at its next request.
CREATE TABLE staff_session (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
  role text NOT NULL,
  -- md5 of the user's password hash when the session opened (a fingerprint, not a credential).
  password_fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_session_user ON staff_session (user_id);
CREATE INDEX staff_session_expires ON staff_session (expires_at);
