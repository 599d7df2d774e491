-- The defence against a flooded calendar (docs/decisions/042-nobody-floods-the-calendar.md).
-- SQLite's dialect; 004-booking-limits.postgres.sql is the same change for PostgreSQL
-- (migrations.ts). SQLite cannot change a CHECK constraint in place: `bookings` is rebuilt by
-- SQLite's own procedure, as 003 rebuilt `leads` and `outbox`. No table refers to `bookings`.

-- A booking made while bookings run far above normal is `held`: its slot is kept for it until
-- `hold_expires_at` (ms), and it stands only once the visitor confirms it from the mail sent to
-- the address. Unconfirmed, it becomes `expired` and frees the slot. `network` is the network
-- the booking came from (an IPv4 address, an IPv6 /64), as an HMAC under the booking secret,
-- never the address: the bookings one network may make in a day are counted by it.
CREATE TABLE bookings_new (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  uid TEXT NOT NULL UNIQUE,
  sequence INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled', 'held', 'expired')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  hold_expires_at INTEGER,
  network TEXT
);
INSERT INTO bookings_new (id, lead_id, start_at, end_at, time_zone, uid, sequence, status, created_at, updated_at)
  SELECT id, lead_id, start_at, end_at, time_zone, uid, sequence, status, created_at, updated_at FROM bookings;
DROP TABLE bookings;
ALTER TABLE bookings_new RENAME TO bookings;

-- One call per slot, held or confirmed: a held slot is no one else's until its hold runs out.
CREATE UNIQUE INDEX bookings_one_per_slot ON bookings (start_at) WHERE status IN ('confirmed', 'held');

-- The limits count the bookings of the last 24 hours: site-wide and per network.
CREATE INDEX bookings_created_at ON bookings (created_at);
CREATE INDEX bookings_network ON bookings (network, created_at);
