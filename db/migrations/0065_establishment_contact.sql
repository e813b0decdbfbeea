-- Contact information of an establishment (GET /v0/eco/sirets/:id, spec 0.10.0): lists of e-mail
-- addresses and telephone numbers, and a website. SIRENE carries none: its import builds the table
-- afresh (LIKE etablissement), so imported establishments get these defaults, no contact.
-- Adding a column with a constant default rewrites no row on PostgreSQL 11+.
ALTER TABLE etablissement
  ADD COLUMN contact_emails text[] NOT NULL DEFAULT '{}',
  ADD COLUMN contact_telephones text[] NOT NULL DEFAULT '{}',
  ADD COLUMN contact_website text;
