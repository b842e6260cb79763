-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): rounds' NAV
-- reports, content-addressed by the keccak-256 hash of their canonical JSON text.
CREATE TABLE "round_reports" (
	"hash" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"vault_id" bigint NOT NULL,
	"pool_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "round_reports_round" ON "round_reports" USING btree ("chain_id","vault_id","pool_id");
