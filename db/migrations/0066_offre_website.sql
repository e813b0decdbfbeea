-- Spec 0.13.0 names an offer's website `website`: the offers' fields, and the offers captured in
-- dataset versions, hold it under that name (it was stored as `site_internet`, a name the API still
-- accepts on creation and turns into `website`).
UPDATE offre
   SET fields = (fields - 'site_internet') || jsonb_build_object('website', fields->'site_internet')
 WHERE fields ? 'site_internet';

UPDATE dataset_record r
   SET record = jsonb_set(r.record, '{fields}',
         ((r.record->'fields') - 'site_internet') || jsonb_build_object('website', r.record->'fields'->'site_internet'))
 WHERE r.record ? 'fields' AND r.record->'fields' ? 'site_internet';
