-- The explorer map's commune layer (GET /carte/communes/:z/:x/:y): the outlines meeting a tile are
-- found by their extent through a GiST index, as the cadastre's sections and parcels are. Existing
-- outlines get their extent here; the reference loader writes it with each outline from now on.
ALTER TABLE commune_outline ADD COLUMN IF NOT EXISTS emprise box;

UPDATE commune_outline o
   SET emprise = (
     SELECT box(point(min((p ->> 0)::float8), min((p ->> 1)::float8)),
                point(max((p ->> 0)::float8), max((p ->> 1)::float8)))
       FROM jsonb_path_query(
              o.geometry,
              CASE o.geometry ->> 'type'
                WHEN 'MultiPolygon' THEN '$.coordinates[*][0][*]'
                ELSE '$.coordinates[0][*]'
              END::jsonpath) AS p)
 WHERE o.emprise IS NULL;

CREATE INDEX IF NOT EXISTS commune_outline_emprise ON commune_outline USING gist (emprise);
