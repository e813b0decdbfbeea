-- Business real-estate offers (GET/POST /eco/immo/offres): offers posted by client applications
-- (or created by staff), validated and published in the workshop, their history of status changes
-- and the idempotency keys of their creation requests.
-- Runs unchanged on PostgreSQL 15+ and on the embedded engine (PGlite).

-- Per-month counters of the references YYYY-MM-NNNNN, assigned at creation.
CREATE TABLE offre_reference_counter (
  month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  last integer NOT NULL
);

CREATE TABLE offre (
  reference text PRIMARY KEY CHECK (reference ~ '^[0-9]{4}-[0-9]{2}-[0-9]{5}$'),
  status text NOT NULL CHECK (status IN ('pending_validation', 'published', 'rejected', 'archived')),
  rejection_reason text,
  -- The creating application (its client_id, kept when the application is revoked), or the staff
  -- user who created the offer in the workshop.
  client_id text,
  staff_user_id uuid,
  -- The offer's fields as validated (lib/offers/fields), served as they are.
  fields jsonb NOT NULL,
  -- Copies of the searched fields, written with `fields` by lib/offers.
  local_type text NOT NULL,
  transaction_types text[] NOT NULL,
  surface integer NOT NULL CHECK (surface > 0),
  code_commune text,
  tags text[] NOT NULL DEFAULT '{}',
  -- Normalised label and descriptions (lib/text/normalise), for the free-text search `q`.
  search_text text NOT NULL DEFAULT '',
  -- A position given with the offer; otherwise the commune's point serves.
  lon double precision,
  lat double precision,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  published_at timestamptz,
  seeded boolean NOT NULL DEFAULT false,
  CHECK (client_id IS NOT NULL OR staff_user_id IS NOT NULL OR seeded),
  CHECK ((lon IS NULL) = (lat IS NULL)),
  CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL))
);
CREATE INDEX offre_status_created ON offre (status, created_at DESC, reference DESC);
CREATE INDEX offre_client_created ON offre (client_id, created_at DESC, reference DESC);
CREATE INDEX offre_commune ON offre (code_commune);
CREATE INDEX offre_tags ON offre USING gin (tags);
CREATE INDEX offre_updated ON offre (updated_at);

-- Who changed what, when: every creation, edit and status change.
CREATE TABLE offre_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL REFERENCES offre (reference) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'edited', 'published', 'rejected', 'archived')),
  status text NOT NULL,
  reason text,
  actor_kind text NOT NULL CHECK (actor_kind IN ('application', 'staff', 'system')),
  actor_id text,
  actor_name text NOT NULL
);
CREATE INDEX offre_event_reference ON offre_event (reference, at, id);

-- Idempotency-Key of POST /eco/immo/offres, per application: the same key and body give the
-- same answer; the same key with another body is refused.
CREATE TABLE offre_idempotency (
  client_id text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  reference text NOT NULL REFERENCES offre (reference) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (client_id, key)
);
