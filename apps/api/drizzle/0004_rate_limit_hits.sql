-- Hand-edited: UNLOGGED (drizzle-kit cannot express it). The rate-limit counters need no WAL; a crash empties the table.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
