DROP INDEX "token_transfers_from";--> statement-breakpoint
DROP INDEX "token_transfers_to";--> statement-breakpoint
CREATE INDEX "token_transfers_from" ON "token_transfers" USING btree ("chain_id","from_address","block_number","log_index");--> statement-breakpoint
CREATE INDEX "token_transfers_to" ON "token_transfers" USING btree ("chain_id","to_address","block_number","log_index");