-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): the embedded
-- wallet's users, login identities, approved devices, sessions, pending codes, wallets (auth shares encrypted), and
-- the social and Farcaster logins in flight.
CREATE TABLE "embedded_users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"user_name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embedded_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "embedded_devices" (
	"user_id" text NOT NULL,
	"device_hash" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embedded_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "embedded_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"device_hash" text NOT NULL,
	"login_method" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "embedded_codes" (
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"code_hash" text NOT NULL,
	"device_hash" text,
	"user_id" text,
	"new_email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "embedded_codes_purpose_subject_pk" PRIMARY KEY("purpose","subject")
);
--> statement-breakpoint
CREATE TABLE "embedded_wallets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"auth_share_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"nonce" text NOT NULL,
	"device_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "embedded_farcaster_channels" (
	"channel_hash" text PRIMARY KEY NOT NULL,
	"channel_token_enc" text NOT NULL,
	"nonce" text NOT NULL,
	"device_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "embedded_identities" ADD CONSTRAINT "embedded_identities_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_devices" ADD CONSTRAINT "embedded_devices_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_sessions" ADD CONSTRAINT "embedded_sessions_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_wallets" ADD CONSTRAINT "embedded_wallets_user_id_embedded_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."embedded_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedded_users_email" ON "embedded_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "embedded_identities_user" ON "embedded_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "embedded_sessions_token" ON "embedded_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "embedded_sessions_user" ON "embedded_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "embedded_codes_hash" ON "embedded_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "embedded_wallets_address" ON "embedded_wallets" USING btree ("address");
