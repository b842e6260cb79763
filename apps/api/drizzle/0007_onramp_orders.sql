CREATE TABLE "onramp_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"network" text NOT NULL,
	"asset" text NOT NULL,
	"token_address" text,
	"decimals" integer NOT NULL,
	"destination" text NOT NULL,
	"payment_currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_subtotal" text NOT NULL,
	"provider_fee" text NOT NULL,
	"network_fee" text NOT NULL,
	"payment_total" text NOT NULL,
	"purchase_amount" text NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "onramp_orders_destination" ON "onramp_orders" USING btree ("destination","created_at");--> statement-breakpoint
CREATE INDEX "onramp_orders_tx_hash" ON "onramp_orders" USING btree ("tx_hash");
