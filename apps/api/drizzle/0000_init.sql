CREATE TABLE "exchange_transfers" (
	"exchange" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"source" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "exchange_transfers_exchange_kind_id_pk" PRIMARY KEY("exchange","kind","id")
);
--> statement-breakpoint
CREATE TABLE "performance_snapshots" (
	"vault" text NOT NULL,
	"source" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "performance_snapshots_vault_source_taken_at_pk" PRIMARY KEY("vault","source","taken_at")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"job" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "token_transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "token_transfers_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "exchange_transfers_time" ON "exchange_transfers" USING btree ("exchange","kind","timestamp","id");--> statement-breakpoint
CREATE INDEX "performance_vault_time" ON "performance_snapshots" USING btree ("vault","taken_at");--> statement-breakpoint
CREATE INDEX "sessions_expiry" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "token_transfers_from" ON "token_transfers" USING btree ("chain_id","from_address","block_number");--> statement-breakpoint
CREATE INDEX "token_transfers_to" ON "token_transfers" USING btree ("chain_id","to_address","block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "token_transfers_order" ON "token_transfers" USING btree ("chain_id","block_number","log_index");