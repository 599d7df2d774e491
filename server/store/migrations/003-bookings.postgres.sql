-- Strategy calls booked on the site (issue 26, docs/decisions/035-bookings.md). PostgreSQL's
-- dialect; 003-bookings.sqlite.sql is the same change for SQLite (migrations.ts).

-- A booking is a lead too: kind 'booking', with the visitor's name, email, company and note
-- (in `message`) in the lead's row, so export, erasure and retention cover it.
ALTER TABLE leads DROP CONSTRAINT leads_kind_check;
ALTER TABLE leads ADD CONSTRAINT leads_kind_check CHECK (kind IN ('popup', 'contact', 'booking'));

-- The call itself: one row per booking, deleted with its lead.
CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
  -- The call's start and end, ISO 8601 instants in UTC as toISOString writes them
  -- (server/booking/README.md): one spelling per instant, so the start can key the slot.
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  -- The visitor's IANA time zone, for the mails' wording only.
  time_zone TEXT NOT NULL,
  -- The invitation's iCalendar UID (RFC 5545 3.8.4.7), the same through every change.
  uid TEXT NOT NULL UNIQUE,
  -- Raised by each reschedule and by the cancellation (RFC 5545 3.8.7.4); signed into the links.
  sequence INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);

-- No double booking, ever: one confirmed call per slot start. A cancelled call frees its slot.
CREATE UNIQUE INDEX bookings_one_per_slot ON bookings (start_at) WHERE status = 'confirmed';

-- The outbox's booking deliveries: the visitor's invitation, the team's notice; each row carries
-- what it is about (the event and the booking as it was then) in `payload`, as JSON.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('webhook', 'checklist-mail', 'notify-mail', 'booking-invite', 'booking-notice'));
ALTER TABLE outbox ADD COLUMN payload TEXT;
