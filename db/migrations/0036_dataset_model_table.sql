-- The models a dataset may hold, as rows of a reference table instead of a CHECK list: each model
-- (lib/datasets/models.ts) registers itself with one INSERT in the migration that brings its tables.
CREATE TABLE dataset_model (
  type text PRIMARY KEY CHECK (type ~ '^[a-z]+$')
);
INSERT INTO dataset_model (type) VALUES ('siret'), ('local');

ALTER TABLE dataset DROP CONSTRAINT IF EXISTS dataset_model_check;
ALTER TABLE dataset ADD CONSTRAINT dataset_model_fkey FOREIGN KEY (model) REFERENCES dataset_model (type);
