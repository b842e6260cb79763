CREATE TABLE "analytics_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"domain" text NOT NULL,
	"path" text NOT NULL,
	"properties" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_registrations" (
	"message_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"signed_at" bigint NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "names" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"zone" text NOT NULL,
	"address" text NOT NULL,
	"coin_type" bigint NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_time" ON "analytics_events" USING btree ("occurred_at","event");--> statement-breakpoint
CREATE INDEX "name_registrations_latest" ON "name_registrations" USING btree ("address","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "names_address" ON "names" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "names_zone_label" ON "names" USING btree ("zone","label");