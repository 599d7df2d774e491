-- The instant audit's reports (/audit, docs/decisions/054-the-instant-audit.md). PostgreSQL's
-- dialect; 007-audit-reports.sqlite.sql is the same change for the other store (migrations.ts).

-- One row per grading a visitor asked for: its id, unguessable, is the report's shareable address
-- (/audit/report/<id>). The result is the grader's AuditResult as JSON (app/lib/audit/report.ts):
-- what a public website's pages and headers showed, no visitor's detail. Deleted once expired
-- (30 days, by the daily purge), or with the lead that asked for the full audit with it.
CREATE TABLE audit_reports (
  id TEXT PRIMARY KEY,
  -- The address the visitor gave, as checked: a grading of the same address within 24 hours reuses
  -- this result instead of fetching the site again.
  url TEXT NOT NULL,
  score INTEGER NOT NULL,
  result TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX audit_reports_by_url ON audit_reports (url, created_at);
CREATE INDEX audit_reports_by_expiry ON audit_reports (expires_at);

-- The report a contact-form lead asks the full audit with (docs/product.md#contact-form): the team's
-- mail and the webhook carry its score and address.
ALTER TABLE leads ADD COLUMN audit_report_id TEXT;
