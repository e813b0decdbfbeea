-- Map views (GET /eco/sirets/clusters, bbox of GET /eco/sirets): the located establishments inside a
-- box, found by longitude range then latitude, without reading the table (siret for single points).
CREATE INDEX IF NOT EXISTS etablissement_position ON etablissement (lon, lat) INCLUDE (siret) WHERE lon IS NOT NULL;
