-- The admin's member search (server/users/member-search.ts: the users list, its count, and the payments
-- list) matches part of a name, email, phone, referral code or CNIC anywhere in it (ILIKE '%…%'). A B-tree
-- cannot serve a pattern that starts with a wildcard, so each search read every user, twice (a page and its
-- count). Trigram indexes (pg_trgm, a trusted extension: the database's owner may create it) serve every
-- arm of the search, and PostgreSQL combines them (BitmapOr). The phone's digits are indexed as the search
-- compares them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_phone_trgm_idx ON users USING gin (phone gin_trgm_ops);
CREATE INDEX users_phone_digits_trgm_idx ON users USING gin ((regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops);
CREATE INDEX users_referral_code_trgm_idx ON users USING gin (referral_code gin_trgm_ops);
CREATE INDEX users_cnic_trgm_idx ON users USING gin (cnic gin_trgm_ops);
