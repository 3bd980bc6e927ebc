-- Trigram indexes make the catalogue's case-insensitive substring search (ILIKE '%term%') indexable.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
