-- Cadastre (DGFiP parcel plan and MAJIC owner file, synthetic): sections, parcels and owner
-- accounts (comptes communaux), and the account of each local premises. Outlines are GeoJSON text
-- sent as stored; their extent is a built-in `box` under a GiST index, the same SQL on PostgreSQL
-- and on the embedded engine (no PostGIS): `emprise && box` finds the candidates of a map box,
-- the exact test runs in TypeScript (DESIGN §10).

CREATE TABLE section_cadastrale (
  id text PRIMARY KEY CHECK (length(id) = 10),
  codcom text NOT NULL,
  prefixe text NOT NULL,
  code text NOT NULL,
  contenance bigint NOT NULL,
  geometrie text NOT NULL,
  emprise box NOT NULL
);
CREATE INDEX section_cadastrale_emprise ON section_cadastrale USING gist (emprise);
CREATE INDEX section_cadastrale_codcom ON section_cadastrale (codcom, id);

CREATE TABLE compte_communal (
  id text PRIMARY KEY CHECK (length(id) = 11),
  codcom text NOT NULL,
  commune text NOT NULL,
  numero text NOT NULL,
  personne text NOT NULL CHECK (personne IN ('physique', 'morale')),
  nom text NOT NULL,
  siren text CHECK (siren ~ '^[0-9]{9}$'),
  -- [{code, libelle, nom}]: the holders and the right each holds (ccodro of MAJIC)
  titulaires jsonb NOT NULL,
  adresse text NOT NULL
);
CREATE INDEX compte_communal_codcom ON compte_communal (codcom, id);
CREATE INDEX compte_communal_siren ON compte_communal (siren) WHERE siren IS NOT NULL;
CREATE INDEX compte_communal_nom_trgm ON compte_communal USING gin (tda_normalise(nom) gin_trgm_ops);

CREATE TABLE parcelle (
  id text PRIMARY KEY CHECK (length(id) = 14),
  codcom text NOT NULL,
  commune text NOT NULL,
  section text NOT NULL,
  numero text NOT NULL,
  contenance integer NOT NULL CHECK (contenance > 0),
  adresse text NOT NULL,
  compte text NOT NULL,
  geometrie text NOT NULL,
  emprise box NOT NULL
);
CREATE INDEX parcelle_emprise ON parcelle USING gist (emprise);
CREATE INDEX parcelle_codcom_id ON parcelle (codcom, id);
CREATE INDEX parcelle_compte ON parcelle (compte);

ALTER TABLE local ADD COLUMN compte text;
CREATE INDEX local_parcelle ON local (parcelle);
CREATE INDEX local_compte ON local (compte);
