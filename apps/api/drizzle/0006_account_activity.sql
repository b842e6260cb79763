CREATE TABLE "token_metadata" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer,
	CONSTRAINT "token_metadata_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "token_transfers" ADD COLUMN "tx_to" text;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD COLUMN "kind" text DEFAULT 'transfer' NOT NULL;