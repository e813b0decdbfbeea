-- Establishment search: SIREN lookups and lists of SIREN use their own index (the primary key
-- is on SIRET).
CREATE INDEX etablissement_siren ON etablissement (siren);
