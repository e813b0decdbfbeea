-- Property-tax and housing-tax notices as dataset models (`tf`, `th`, lib/datasets/models.ts): their
-- records are the notices' rows captured with each version (0013), scope fiscal, without positions.
INSERT INTO dataset_model (type) VALUES ('tf'), ('th') ON CONFLICT (type) DO NOTHING;
