-- The number the host phones when the strategy call is a phone call (no MEETING_URL,
-- docs/decisions/048-the-call-its-host-and-how-it-happens.md). PostgreSQL's dialect;
-- 005-booking-phone.sqlite.sql is the same change for SQLite (migrations.ts). Kept in the lead's
-- row with the booker's other details, so export, erasure and retention cover it as they cover
-- the name and the note; null for every other lead, and for a video call.
ALTER TABLE leads ADD COLUMN phone TEXT;
