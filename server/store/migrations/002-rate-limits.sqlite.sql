-- Nothing to do on SQLite: with it, one process owns the database and counts
-- rate limits in memory (server/store/rate-limit.ts). The PostgreSQL file of this
-- number creates the table several instances share.
SELECT 1;
