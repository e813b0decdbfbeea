-- A search by the code of Paris, Lyon or Marseille also matches their municipal arrondissements:
-- the statements look the arrondissements of the asked codes up by parent_code. Without an index
-- that was a scan of the 35,000 communes (3.8 ms) twice per search, which made a lookup of a commune
-- of two establishments cost PostgreSQL more than its answer.
CREATE INDEX IF NOT EXISTS commune_arrondissement_parent ON commune (parent_code) WHERE type = 'arrondissement';
