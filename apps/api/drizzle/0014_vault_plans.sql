-- Written by hand to drizzle-kit's layout (drizzle-kit generate does not run in this repository): the admin's planned
-- lockup date of a vault's open round, shown to investors. The lockup itself stays the admin's on-chain action.
CREATE TABLE "vault_plans" (
	"chain_id" integer NOT NULL,
	"vault_id" bigint NOT NULL,
	"round" bigint NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_plans_chain_id_vault_id_round_pk" PRIMARY KEY("chain_id","vault_id","round")
);
