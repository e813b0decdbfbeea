-- Foundation schema: reference territory data, establishments, local premises, staff users.
-- Runs unchanged on PostgreSQL 15+ and on the embedded engine (PGlite).

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Accent-, case- and punctuation-insensitive form of a name: "L'Étoile d'Or" -> "L ETOILE D OR".
-- unaccent() is only STABLE (it reads a dictionary by name); naming the dictionary explicitly makes
-- the wrapper safe to declare IMMUTABLE, so it can feed stored columns and indexes.
CREATE OR REPLACE FUNCTION tda_normalise(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT btrim(regexp_replace(upper(public.unaccent('public.unaccent'::regdictionary, value)), '[^A-Z0-9]+', ' ', 'g'))
$$;

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Reference data (reloaded as a whole by lib/territory when its sources change) ------------------

CREATE TABLE region (
  code text PRIMARY KEY,
  nom text NOT NULL
);

CREATE TABLE departement (
  code text PRIMARY KEY,
  nom text NOT NULL,
  region_code text NOT NULL
);

CREATE TABLE epci (
  code text PRIMARY KEY,
  nom text NOT NULL,
  type text NOT NULL
);

CREATE TABLE commune (
  code text PRIMARY KEY,
  nom text NOT NULL,
  nom_norm text GENERATED ALWAYS AS (tda_normalise(nom)) STORED,
  -- 'commune' (current commune) or 'arrondissement' (Paris, Lyon, Marseille municipal districts)
  type text NOT NULL CHECK (type IN ('commune', 'arrondissement')),
  parent_code text,
  departement_code text NOT NULL,
  region_code text NOT NULL,
  epci_code text,
  population integer NOT NULL DEFAULT 0,
  codes_postaux text[] NOT NULL DEFAULT '{}',
  lon double precision,
  lat double precision,
  -- how the point was found for codes newer than the 2018 geography: see lib/territory
  position_source text NOT NULL
);
CREATE INDEX commune_nom_trgm ON commune USING gin (nom_norm gin_trgm_ops);
CREATE INDEX commune_departement ON commune (departement_code);

-- Outline of each current commune (GeoJSON geometry), from the 2018 outlines through the same
-- code fallbacks as the points.
CREATE TABLE commune_outline (
  code text PRIMARY KEY,
  geometry jsonb NOT NULL
);

-- Zones: EPCI, departments and regions, with stable UUID v5 ids (kind + code).
CREATE TABLE zone (
  id uuid PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('epci', 'departement', 'region')),
  code text NOT NULL,
  nom text NOT NULL,
  nom_norm text GENERATED ALWAYS AS (tda_normalise(nom)) STORED,
  UNIQUE (type, code)
);
CREATE INDEX zone_nom_trgm ON zone USING gin (nom_norm gin_trgm_ops);

CREATE TABLE zone_commune (
  zone_id uuid NOT NULL REFERENCES zone (id) ON DELETE CASCADE,
  code_commune text NOT NULL,
  PRIMARY KEY (zone_id, code_commune)
);
CREATE INDEX zone_commune_commune ON zone_commune (code_commune);

CREATE TABLE naf (
  code text PRIMARY KEY,
  libelle text NOT NULL,
  libelle_norm text GENERATED ALWAYS AS (tda_normalise(libelle)) STORED
);

CREATE TABLE tranche_effectif (
  code text PRIMARY KEY,
  libelle text NOT NULL,
  mediane integer NOT NULL,
  minimum integer,
  maximum integer,
  rang integer NOT NULL
);

-- Establishments (model "siret") ---------------------------------------------------------------

CREATE TABLE etablissement (
  siret text PRIMARY KEY CHECK (siret ~ '^[0-9]{14}$'),
  siren text NOT NULL CHECK (siren ~ '^[0-9]{9}$' AND siret LIKE siren || '%'),
  entreprise text NOT NULL,
  enseigne text NOT NULL DEFAULT '',
  denomination_usuelle text,
  adresse text NOT NULL DEFAULT '',
  code_postal text,
  code_commune text NOT NULL,
  libelle_commune text NOT NULL,
  code_naf text NOT NULL,
  tranche_effectif text NOT NULL,
  effectif_saisi integer,
  secteur_alternatif text,
  lon double precision,
  lat double precision,
  date_creation date,
  categorie_juridique text,
  etat_administratif text NOT NULL DEFAULT 'A' CHECK (etat_administratif IN ('A', 'F')),
  entreprise_norm text GENERATED ALWAYS AS (tda_normalise(entreprise)) STORED,
  enseigne_norm text GENERATED ALWAYS AS (tda_normalise(enseigne)) STORED,
  denomination_norm text GENERATED ALWAYS AS (tda_normalise(denomination_usuelle)) STORED,
  -- one searchable text over the three names, trigram-indexed for the free-text search
  nom_recherche text GENERATED ALWAYS AS (
    tda_normalise(entreprise || ' ' || enseigne || ' ' || coalesce(denomination_usuelle, ''))
  ) STORED,
  CHECK ((lon IS NULL) = (lat IS NULL))
);
-- Commune filter and per-commune top-N for zones (DESIGN §9); SIREN search uses the primary key
-- range siren || '00000' .. siren || '99999'.
CREATE INDEX etablissement_commune_siret ON etablissement (code_commune, siret);
CREATE INDEX etablissement_nom_trgm ON etablissement USING gin (nom_recherche gin_trgm_ops);
CREATE INDEX etablissement_naf_siret ON etablissement (code_naf, siret);

-- Local premises (model "local", spec §2.2) ----------------------------------------------------

CREATE TABLE local (
  id text PRIMARY KEY,
  annee integer NOT NULL,
  codcom text NOT NULL,
  commune text NOT NULL,
  invariant text NOT NULL,
  parcelle text NOT NULL,
  proprietaire text NOT NULL,
  adresse text NOT NULL
);
CREATE INDEX local_codcom_id ON local (codcom, id);

-- Staff of the browser app -----------------------------------------------------------------------

CREATE TABLE staff_user (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'staff')),
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_user_email ON staff_user (lower(email));
