-- The website a contact-form lead gives, required when it asks for the free marketing audit
-- (docs/product.md#contact-form). SQLite's dialect; 006-lead-website.postgres.sql is the same change
-- for the other store (migrations.ts). Kept in the lead's row with its other details, so export,
-- erasure and retention cover it; null for every other lead.
ALTER TABLE leads ADD COLUMN website_url TEXT;
