-- Cadastral parcels (`parcelle`) and owner accounts (`prop`) as dataset models
-- (lib/datasets/models.ts): their records are the rows of parcelle and compte_communal (0020)
-- captured with each version (0013), scope fiscal; parcels with their outlines (GeoJSON).
INSERT INTO dataset_model (type) VALUES ('parcelle'), ('prop') ON CONFLICT (type) DO NOTHING;
