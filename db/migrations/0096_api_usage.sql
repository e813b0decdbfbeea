-- Requests of each client application to the data API, per day, operation and status class, kept
-- 90 days (lib/usage): what the applications page shows and exports.
CREATE TABLE api_usage (
  client_id text NOT NULL,
  day date NOT NULL,
  operation text NOT NULL,
  status_class smallint NOT NULL CHECK (status_class BETWEEN 1 AND 5),
  requests bigint NOT NULL CHECK (requests >= 0),
  PRIMARY KEY (client_id, day, operation, status_class)
);
CREATE INDEX api_usage_day ON api_usage (day);
