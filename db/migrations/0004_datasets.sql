-- Datasets: stored search results of one model (siret | local), captured as ordered snapshots of
-- record ids, published in versions whose CSV files are generated ahead of time by background jobs.
-- Runs unchanged on PostgreSQL 15+ and on the embedded engine (PGlite).

CREATE TABLE dataset (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  model text NOT NULL CHECK (model IN ('siret', 'local')),
  -- the search as validated at creation (wire form), replayed by a refresh
  search jsonb NOT NULL,
  -- encoding chosen for the dataset's file; the version being served may still carry the previous one
  encoding text NOT NULL DEFAULT 'UTF-8' CHECK (encoding IN ('UTF-8', 'ISO-8859-15')),
  -- newest version whose file is ready (NULL until the first file is)
  current_version integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dataset_created ON dataset (created_at DESC, id);

-- The record ids a search matched at one moment, in order. A refresh captures a new snapshot; an
-- encoding change reuses the current one.
CREATE TABLE dataset_snapshot (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dataset_id uuid NOT NULL REFERENCES dataset (id) ON DELETE CASCADE,
  total integer NOT NULL DEFAULT 0,
  -- records with a position (their geo_rank runs 1..located)
  located integer NOT NULL DEFAULT 0,
  captured_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dataset_snapshot_dataset ON dataset_snapshot (dataset_id);

CREATE TABLE dataset_record (
  snapshot_id bigint NOT NULL REFERENCES dataset_snapshot (id) ON DELETE CASCADE,
  -- 1-based order of the record in the dataset (pages, CSV rows)
  position integer NOT NULL,
  record_id text NOT NULL,
  -- 1-based order by (longitude, latitude, id) of located records, so GeoJSON streams grouped
  -- points in ranges; NULL for records without a position and for models without positions
  geo_rank integer,
  PRIMARY KEY (snapshot_id, position)
);
CREATE INDEX dataset_record_geo ON dataset_record (snapshot_id, geo_rank) WHERE geo_rank IS NOT NULL;

-- One row per version: the generation job (status, progress, claim) and then the file it produced.
CREATE TABLE dataset_version (
  dataset_id uuid NOT NULL REFERENCES dataset (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  -- kept while the version is served or in progress; a superseded version keeps its row (and file)
  -- until every address issued for the file has expired
  snapshot_id bigint REFERENCES dataset_snapshot (id) ON DELETE SET NULL,
  encoding text NOT NULL CHECK (encoding IN ('UTF-8', 'ISO-8859-15')),
  total integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'generating', 'ready', 'failed')),
  failure_reason text,
  rows_done integer NOT NULL DEFAULT 0,
  -- characters Latin-9 cannot hold, replaced by "?" in the file
  replaced_characters integer NOT NULL DEFAULT 0,
  file_name text,
  file_bytes bigint,
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- the latest expiry of the download addresses issued for this version's file
  addresses_expire_at timestamptz,
  file_deleted_at timestamptz,
  PRIMARY KEY (dataset_id, version)
);
CREATE INDEX dataset_version_queue ON dataset_version (created_at) WHERE status IN ('pending', 'generating');
CREATE INDEX dataset_version_snapshot ON dataset_version (snapshot_id);

-- Owner-name search of local premises (lib/premises).
CREATE INDEX local_proprietaire_trgm ON local USING gin (tda_normalise(proprietaire) gin_trgm_ops);
