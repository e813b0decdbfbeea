-- E-mail addresses of staff users are stored in their one normalised form (lib/text/email.ts:
-- NFKC, case-folded) and compared as stored, never through lower(), whose result depends on the
-- database's locale and differs from the application's for characters such as İ (U+0130).
UPDATE staff_user SET email = normalize(lower(normalize(email, NFKC)), NFKC);
UPDATE staff_user SET email = replace(replace(email, 'ß', 'ss'), 'ς', 'σ');
DROP INDEX staff_user_email;
CREATE UNIQUE INDEX staff_user_email ON staff_user (email);
