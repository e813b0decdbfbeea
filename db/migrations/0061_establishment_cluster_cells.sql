-- Map views of the whole country (GET /eco/sirets/clusters without criteria): the located
-- establishments counted ahead of time in square cells of four sizes (lib/establishments/
-- cluster-cells.ts), so that a view of France adds up a few thousand cells instead of reading a
-- million positions. Rewritten whole after every seed and import (and at start-up while empty).
CREATE TABLE IF NOT EXISTS etablissement_maille (
  niveau smallint NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  n integer NOT NULL,
  somme_lon double precision NOT NULL,
  somme_lat double precision NOT NULL,
  ouest double precision NOT NULL,
  sud double precision NOT NULL,
  est double precision NOT NULL,
  nord double precision NOT NULL,
  siret text NOT NULL,
  PRIMARY KEY (niveau, x, y)
);

-- The strips along a view's northern and southern edges, found by latitude (the position index
-- finds those along its western and eastern edges).
CREATE INDEX IF NOT EXISTS etablissement_position_lat ON etablissement (lat, lon) INCLUDE (siret) WHERE lon IS NOT NULL;

-- Views of one activity (the explorer's most common criterion): its located establishments read
-- from the index alone, without visiting the table.
CREATE INDEX IF NOT EXISTS etablissement_naf_position ON etablissement (code_naf, lon, lat) INCLUDE (siret) WHERE lon IS NOT NULL;
