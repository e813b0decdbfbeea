-- Fiscal detail (MAJIC, synthetic): evaluation parts of the premises (PEV), fiscal subdivisions of
-- the parcels (SUF), property-tax notices per owner account and year, housing-tax notices per
-- premises and year (second homes, vacant dwellings). Money: rental values and bases in euros,
-- amounts in cents, rates in thousandths of a percent (lib/fiscal/rules.ts).

CREATE TABLE pev (
  id text PRIMARY KEY CHECK (length(id) = 18),
  local text NOT NULL,
  codcom text NOT NULL,
  numero text NOT NULL,
  affectation text NOT NULL,
  categorie text NOT NULL,
  surface integer NOT NULL CHECK (surface > 0),
  valeur_locative integer NOT NULL CHECK (valeur_locative >= 0),
  revenu_cadastral integer NOT NULL CHECK (revenu_cadastral >= 0)
);
CREATE INDEX pev_local ON pev (local);

CREATE TABLE suf (
  id text PRIMARY KEY CHECK (length(id) = 15),
  parcelle text NOT NULL,
  codcom text NOT NULL,
  suffixe text NOT NULL,
  groupe text NOT NULL,
  contenance integer NOT NULL CHECK (contenance > 0),
  valeur_locative integer NOT NULL CHECK (valeur_locative >= 0),
  revenu_cadastral integer NOT NULL CHECK (revenu_cadastral >= 0)
);
CREATE INDEX suf_parcelle ON suf (parcelle);

CREATE TABLE avis_tf (
  id text PRIMARY KEY,
  compte text NOT NULL,
  codcom text NOT NULL,
  commune text NOT NULL,
  annee integer NOT NULL,
  proprietaire text NOT NULL,
  base_bati integer NOT NULL,
  base_non_bati integer NOT NULL,
  total bigint NOT NULL,
  -- [{taxe, beneficiaire, libelle, base, taux, montant}], fees last; total = Σ montant
  lignes jsonb NOT NULL
);
CREATE INDEX avis_tf_codcom ON avis_tf (codcom, id);
CREATE INDEX avis_tf_compte ON avis_tf (compte);
CREATE INDEX avis_tf_annee ON avis_tf (annee, id);

CREATE TABLE avis_th (
  id text PRIMARY KEY,
  local text NOT NULL,
  compte text NOT NULL,
  codcom text NOT NULL,
  commune text NOT NULL,
  annee integer NOT NULL,
  nature text NOT NULL CHECK (nature IN ('residence_secondaire', 'logement_vacant')),
  occupant text NOT NULL,
  base integer NOT NULL,
  taux integer NOT NULL,
  total bigint NOT NULL,
  lignes jsonb NOT NULL
);
CREATE INDEX avis_th_codcom ON avis_th (codcom, id);
CREATE INDEX avis_th_local ON avis_th (local);
CREATE INDEX avis_th_annee ON avis_th (annee, id);
