-- Trigram matching for the help-desk text search (ILIKE '%term%' on title and number), issue #6:
-- a term that matches few requests is found through a GIN index instead of reading every row.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite
-- loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
