-- Offer references never run out: the serial of a month takes five digits or more. References up
-- to 99,999 keep their form YYYY-MM-NNNNN (zero-padded, every existing one stays valid); the
-- 100,000th offer of a month is YYYY-MM-100000, and so on. The counter becomes a bigint.
-- Runs unchanged on PostgreSQL 15+ and on the embedded engine (PGlite).
ALTER TABLE offre DROP CONSTRAINT offre_reference_check;
ALTER TABLE offre ADD CONSTRAINT offre_reference_check CHECK (reference ~ '^[0-9]{4}-[0-9]{2}-[0-9]{5,19}$');
ALTER TABLE offre_reference_counter ALTER COLUMN last TYPE bigint;
