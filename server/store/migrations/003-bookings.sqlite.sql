-- Strategy calls booked on the site (issue 26, docs/decisions/035-bookings.md). SQLite's
-- dialect; 003-bookings.postgres.sql is the same change for PostgreSQL (migrations.ts).
-- SQLite cannot change a CHECK constraint in place: `leads` and `outbox` are rebuilt by
-- SQLite's own procedure (https://www.sqlite.org/lang_altertable.html#otheralter), with foreign
-- keys off while migrations run and checked before they commit (sqlite-db.ts, `migrate`).

-- A booking is a lead too: kind 'booking', with the visitor's name, email, company and note
-- (in `message`) in the lead's row, so export, erasure and retention cover it.
CREATE TABLE leads_new (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('popup', 'contact', 'booking')),
  email TEXT NOT NULL,
  name TEXT,
  company TEXT,
  service TEXT,
  budget TEXT,
  message TEXT,
  topic TEXT,
  page TEXT,
  referrer_host TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  idempotency_key TEXT UNIQUE
);
INSERT INTO leads_new SELECT * FROM leads;
DROP TABLE leads;
ALTER TABLE leads_new RENAME TO leads;
CREATE INDEX leads_created_at ON leads (created_at);
CREATE INDEX leads_email ON leads (lower(email));

-- The outbox's booking deliveries: the visitor's invitation, the team's notice; each row carries
-- what it is about (the event and the booking as it was then) in `payload`, as JSON.
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'checklist-mail', 'notify-mail', 'booking-invite', 'booking-notice')),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  mail_file TEXT,
  payload TEXT
);
INSERT INTO outbox_new (id, lead_id, kind, state, attempts, next_attempt_at, last_error, created_at, delivered_at, mail_file)
  SELECT id, lead_id, kind, state, attempts, next_attempt_at, last_error, created_at, delivered_at, mail_file FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_lead ON outbox (lead_id);

-- The call itself: one row per booking, deleted with its lead.
CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
  -- ISO 8601 instants in UTC as toISOString writes them (server/booking/README.md).
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  -- The visitor's IANA time zone, for the mails' wording only.
  time_zone TEXT NOT NULL,
  -- The invitation's iCalendar UID, the same through every change.
  uid TEXT NOT NULL UNIQUE,
  -- Raised by each reschedule and by the cancellation; signed into the links.
  sequence INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- No double booking, ever: one confirmed call per slot start. A cancelled call frees its slot.
CREATE UNIQUE INDEX bookings_one_per_slot ON bookings (start_at) WHERE status = 'confirmed';
