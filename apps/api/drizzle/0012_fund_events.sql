-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): the fund's and its
-- governor's events for the account history. Votes and roll-over choices move no token, so `token_transfers` never
-- held them; `VaultCreated` names the vault an investment or a withdrawal went to. The history indexer's scope grows
-- with this table, so an existing index starts over once and fills it from the deployment block.
CREATE TABLE "fund_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	"contract" text NOT NULL,
	"kind" text NOT NULL,
	"account" text,
	"vault_id" text,
	"vault_name" text,
	"proposal_id" text,
	"choice" text,
	"amount" text,
	CONSTRAINT "fund_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "fund_events_account" ON "fund_events" USING btree ("chain_id","account","block_number","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_events_vault" ON "fund_events" USING btree ("chain_id","vault_id") WHERE "fund_events"."kind" = 'vault_created';
