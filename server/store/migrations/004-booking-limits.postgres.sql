-- The defence against a flooded calendar (docs/decisions/042-nobody-floods-the-calendar.md).
-- PostgreSQL's dialect; 004-booking-limits.sqlite.sql is the same change for SQLite (migrations.ts).

-- A booking made while bookings run far above normal is `held`: its slot is kept for it until
-- `hold_expires_at` (ms), and it stands only once the visitor confirms it from the mail sent to
-- the address. Unconfirmed, it becomes `expired` and frees the slot.
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('confirmed', 'cancelled', 'held', 'expired'));
ALTER TABLE bookings ADD COLUMN hold_expires_at BIGINT;

-- The network the booking came from (an IPv4 address, an IPv6 /64), as an HMAC under the
-- booking secret, never the address: the bookings one network may make in a day are counted by it.
ALTER TABLE bookings ADD COLUMN network TEXT;

-- One call per slot, held or confirmed: a held slot is no one else's until its hold runs out.
DROP INDEX bookings_one_per_slot;
CREATE UNIQUE INDEX bookings_one_per_slot ON bookings (start_at) WHERE status IN ('confirmed', 'held');

-- The limits count the bookings of the last 24 hours: site-wide and per network.
CREATE INDEX bookings_created_at ON bookings (created_at);
CREATE INDEX bookings_network ON bookings (network, created_at);
