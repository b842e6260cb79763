-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): investors' signed
-- requests to be whitelisted. An address has at most one pending request (the partial unique index); the admin
-- approves (once the address is whitelisted on chain) or dismisses it.
CREATE TABLE "access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "access_requests_status_check" CHECK ("status" in ('pending', 'approved', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_one_pending" ON "access_requests" USING btree ("address") WHERE "access_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "access_requests_address" ON "access_requests" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_status" ON "access_requests" USING btree ("status","created_at");
