-- A dataset version holds the contents of its records as they were when it was generated, not only
-- their ids: its JSON pages, GeoJSON and CSV file read the same stored rows, so they always agree
-- with each other and with its total, whatever later seeds or imports do to the live tables.
-- `record` is the source row (etablissement or local) as jsonb, without the search-only columns;
-- readers turn it back into a typed row with jsonb_populate_record.
ALTER TABLE dataset_record ADD COLUMN record jsonb;

UPDATE dataset_record r
   SET record = to_jsonb(e) - ARRAY['entreprise_norm', 'enseigne_norm', 'denomination_norm', 'nom_recherche']
  FROM dataset_snapshot s, dataset d, etablissement e
 WHERE s.id = r.snapshot_id AND d.id = s.dataset_id AND d.model = 'siret' AND e.siret = r.record_id;

UPDATE dataset_record r
   SET record = to_jsonb(l)
  FROM dataset_snapshot s, dataset d, local l
 WHERE s.id = r.snapshot_id AND d.id = s.dataset_id AND d.model = 'local' AND l.id = r.record_id;

-- A record whose source row had already disappeared keeps its id alone.
UPDATE dataset_record SET record = jsonb_build_object('siret', record_id, 'id', record_id) WHERE record IS NULL;
ALTER TABLE dataset_record ALTER COLUMN record SET NOT NULL;
