-- Session search matches any part of a title or message (ILIKE '%…%') in every language; pg_trgm's
-- GIN indexes answer such patterns. A trusted extension since PostgreSQL 13: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
