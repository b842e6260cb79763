-- performance_daily keeps the last snapshot of each UTC day per (vault, source), for every writer: statement-level
-- triggers with transition tables, so a bulk insert costs one pass over its own rows.
CREATE FUNCTION performance_daily_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    -- Each day that lost or changed a snapshot is computed again from what the day holds now.
    INSERT INTO performance_daily (vault, source, day, taken_at, value)
      SELECT k.vault, k.source, k.day, last.taken_at, last.value
      FROM (SELECT DISTINCT o.vault, o.source, (o.taken_at AT TIME ZONE 'UTC')::date AS day FROM old_rows o) AS k
      CROSS JOIN LATERAL (
        SELECT s.taken_at, s.value FROM performance_snapshots s
        WHERE s.vault = k.vault AND s.source = k.source
          AND s.taken_at >= k.day::timestamp AT TIME ZONE 'UTC'
          AND s.taken_at < (k.day + 1)::timestamp AT TIME ZONE 'UTC'
        ORDER BY s.taken_at DESC
        LIMIT 1
      ) AS last
      ON CONFLICT (vault, source, day) DO UPDATE SET taken_at = excluded.taken_at, value = excluded.value;
    -- A day left without any snapshot goes.
    DELETE FROM performance_daily d
      WHERE (d.vault, d.source, d.day) IN (
          SELECT o.vault, o.source, (o.taken_at AT TIME ZONE 'UTC')::date FROM old_rows o
        )
        AND NOT EXISTS (
          SELECT 1 FROM performance_snapshots s
          WHERE s.vault = d.vault AND s.source = d.source
            AND s.taken_at >= d.day::timestamp AT TIME ZONE 'UTC'
            AND s.taken_at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'
        );
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    -- A new or changed snapshot becomes its day's when it is the day's latest.
    INSERT INTO performance_daily (vault, source, day, taken_at, value)
      SELECT DISTINCT ON (n.vault, n.source, (n.taken_at AT TIME ZONE 'UTC')::date)
        n.vault, n.source, (n.taken_at AT TIME ZONE 'UTC')::date, n.taken_at, n.value
      FROM new_rows n
      ORDER BY n.vault, n.source, (n.taken_at AT TIME ZONE 'UTC')::date, n.taken_at DESC
      ON CONFLICT (vault, source, day) DO UPDATE SET taken_at = excluded.taken_at, value = excluded.value
        WHERE excluded.taken_at >= performance_daily.taken_at;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION performance_daily_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE performance_daily;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER performance_daily_on_insert AFTER INSERT ON performance_snapshots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_refresh();
--> statement-breakpoint
CREATE TRIGGER performance_daily_on_update AFTER UPDATE ON performance_snapshots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_refresh();
--> statement-breakpoint
CREATE TRIGGER performance_daily_on_delete AFTER DELETE ON performance_snapshots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_refresh();
--> statement-breakpoint
CREATE TRIGGER performance_daily_on_truncate AFTER TRUNCATE ON performance_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION performance_daily_truncate();
--> statement-breakpoint
INSERT INTO performance_daily (vault, source, day, taken_at, value)
  SELECT DISTINCT ON (vault, source, (taken_at AT TIME ZONE 'UTC')::date)
    vault, source, (taken_at AT TIME ZONE 'UTC')::date, taken_at, value
  FROM performance_snapshots
  ORDER BY vault, source, (taken_at AT TIME ZONE 'UTC')::date, taken_at DESC
  ON CONFLICT DO NOTHING;
