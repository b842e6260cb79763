-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): a crash-safe
-- on-ramp delivery. The signed transaction (its raw bytes, hash, nonce and sender) is stored before it is broadcast,
-- in the new state `delivering`, so that recovery looks it up or sends the same bytes again, never a second transfer.
ALTER TABLE "onramp_orders" ADD COLUMN "signed_tx" text;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "tx_nonce" integer;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "tx_from" text;--> statement-breakpoint
-- Orders left `paid` by the code before this migration cannot be recovered safely: it recorded the hash only after
-- the node had taken the transaction, so a crash could have sent tokens without a trace. They are closed with a
-- sentence that sends the buyer to their wallet instead of risking a second transfer.
UPDATE "onramp_orders" SET "status" = 'failed', "failure" = 'The checkout stopped while sending this order; check your wallet before paying again.', "updated_at" = now() WHERE "status" = 'paid';--> statement-breakpoint
CREATE INDEX "onramp_orders_unfinished" ON "onramp_orders" USING btree ("updated_at") WHERE "onramp_orders"."status" in ('paid', 'delivering');
