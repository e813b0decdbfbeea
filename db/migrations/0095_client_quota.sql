-- An application's own request quotas on the data API, set by an administrator; NULL: the
-- service's defaults (QUOTA_PER_MINUTE, QUOTA_PER_DAY).
ALTER TABLE client_application
  ADD COLUMN quota_per_minute integer CHECK (quota_per_minute >= 1),
  ADD COLUMN quota_per_day integer CHECK (quota_per_day >= 1);
