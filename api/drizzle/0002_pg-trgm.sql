-- Custom migration (drizzle-kit cannot express extensions): trigram matching for the staff student-name search
-- (student-records). pg_trgm ships with PostgreSQL's contrib modules: in the embedded-postgres binaries and in
-- every ordinary server package. It is a trusted extension, so a database owner may create it without being a
-- superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
