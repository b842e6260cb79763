-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): each exchange
-- transfer's record as JSON text and whether it is priced, computed by the database when the row is written, so
-- that a page of the exchange routes reads stored text instead of turning jsonb into text on every request.
ALTER TABLE "exchange_transfers" ADD COLUMN "record_text" text GENERATED ALWAYS AS (record::text) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_transfers" ADD COLUMN "priced" boolean GENERATED ALWAYS AS (coalesce(jsonb_typeof(record -> 'amountUsd') = 'number', false)) STORED NOT NULL;
