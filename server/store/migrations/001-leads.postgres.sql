-- Leads and their deliveries (docs/product.md#lead-capture). PostgreSQL's dialect;
-- 001-leads.sqlite.sql is the same schema for SQLite (migrations.ts). Times are
-- milliseconds since the epoch in BIGINT, as in SQLite, so both stores share their code's types.

CREATE TABLE leads (
  -- Order of arrival; `id` is what the API answers and the team refers to.
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  created_at BIGINT NOT NULL,
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
  -- A retried submission with the same key is the same lead, whichever instance it reaches.
  idempotency_key TEXT UNIQUE
);

CREATE INDEX leads_created_at ON leads (created_at);
CREATE INDEX leads_email ON leads (lower(email));

-- The durable outbox: one row per delivery, written in the lead's transaction.
CREATE TABLE outbox (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'checklist-mail', 'notify-mail')),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- When a worker may take it next (ms); while a try is under way, when that try's lease ends.
  next_attempt_at BIGINT NOT NULL,
  last_error TEXT,
  created_at BIGINT NOT NULL,
  delivered_at BIGINT,
  -- Where a delivered mail was written, when it went to a file.
  mail_file TEXT
);

CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
CREATE INDEX outbox_lead ON outbox (lead_id);
