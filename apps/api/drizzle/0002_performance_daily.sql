CREATE TABLE "performance_daily" (
	"vault" text NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "performance_daily_vault_source_day_pk" PRIMARY KEY("vault","source","day")
);
