-- Published business real-estate offers as a dataset model (`offre`, lib/datasets/models.ts): its
-- records are the offers' contents captured with each version (0013), scope eco, with positions.
INSERT INTO dataset_model (type) VALUES ('offre') ON CONFLICT (type) DO NOTHING;
