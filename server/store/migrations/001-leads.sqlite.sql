-- Leads and their deliveries (docs/product.md#lead-capture). SQLite's dialect;
-- 001-leads.postgres.sql is the same schema for PostgreSQL (migrations.ts).

CREATE TABLE leads (
  -- Order of arrival; `id` is what the API answers and the team refers to.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  -- Milliseconds since the epoch.
  created_at INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('popup', 'contact')),
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
  -- A retried submission with the same key is the same lead.
  idempotency_key TEXT UNIQUE
);

CREATE INDEX leads_created_at ON leads (created_at);
CREATE INDEX leads_email ON leads (lower(email));

-- The durable outbox: one row per delivery, written in the lead's transaction.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'checklist-mail', 'notify-mail')),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- When the worker may take it next (ms); while a try is under way, when that try's lease ends.
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  -- Where a delivered mail was written, when it went to a file.
  mail_file TEXT
);

CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_lead ON outbox (lead_id);
