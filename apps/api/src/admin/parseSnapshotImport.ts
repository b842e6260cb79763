import { z } from "zod";
import { HttpError } from "../http/errors.js";
import { MAX_DATE_MS, MIN_DATE_MS } from "../http/params.js";

export type ImportedPoint = { takenAt: Date; value: number };

const pointSchema = z.object({
  timestamp: z.union([z.number(), z.string()]),
  total_sol_value: z.union([z.number(), z.string()]),
});

/** The largest value accepted (SOL). */
const MAX_VALUE = 1e15;
/** Seconds below this, milliseconds from it (1e11 s is the year 5138; 1e11 ms is 1973). */
const MS_FROM = 1e11;
const DECIMAL = /^\d{1,20}(\.\d{1,20})?$/;
const ISO_DATE = /^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)?)?$/;

/** A value as it may be echoed in an error: quoted, at most 40 characters. */
const shown = (value: unknown) => {
  const text = JSON.stringify(typeof value === "string" ? value : String(value)) ?? "";
  return text.length > 42 ? `${text.slice(0, 40)}…"` : text;
};

/**
 * A time in seconds (the spec's unit), milliseconds (from 1e11) or an ISO date, between 1970-01-01 and
 * 9999-12-31 (a time in microseconds lands past 9999 and is refused, naming the row).
 */
function parseTime(value: number | string, row: number): Date {
  const raw = typeof value === "string" ? value.trim() : value;
  let ms: number;
  if (typeof raw === "number" || DECIMAL.test(raw)) {
    const numeric = Number(raw);
    ms = numeric >= MS_FROM ? numeric : numeric * 1000;
  } else if (ISO_DATE.test(raw)) {
    ms = Date.parse(raw);
  } else {
    throw new HttpError(
      400,
      `Row ${row}: timestamp ${shown(value)} is not a time (seconds, milliseconds or an ISO date)`,
    );
  }
  if (!Number.isFinite(ms) || ms < MIN_DATE_MS || ms > MAX_DATE_MS) {
    throw new HttpError(
      400,
      `Row ${row}: timestamp ${shown(value)} is outside 1970-01-01 to 9999-12-31 (give seconds, milliseconds or an ISO date)`,
    );
  }
  return new Date(Math.round(ms));
}

function parseValue(value: number | string, row: number): number {
  const raw = typeof value === "string" ? value.trim() : value;
  const number = typeof raw === "number" ? raw : DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(number) || number < 0 || number > MAX_VALUE) {
    throw new HttpError(400, `Row ${row}: total_sol_value ${shown(value)} is not a non-negative number up to 1e15`);
  }
  return number;
}

/**
 * NFT-lending snapshots from an admin import: a JSON array of `{ timestamp, total_sol_value }`, or CSV with
 * a `timestamp,total_sol_value` header. Row numbers in errors count from 1.
 */
export function parseSnapshotImport(body: unknown): ImportedPoint[] {
  let rows: { timestamp: number | string; total_sol_value: number | string }[];
  if (typeof body === "string") {
    const lines = body
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    const header = (lines.shift() ?? "").split(",").map((cell) => cell.trim().toLowerCase());
    const timeColumn = header.indexOf("timestamp");
    const valueColumn = header.indexOf("total_sol_value");
    if (timeColumn < 0 || valueColumn < 0) {
      throw new HttpError(400, "The CSV needs a header line with the columns timestamp and total_sol_value");
    }
    rows = lines.map((line) => {
      const cells = line.split(",");
      return { timestamp: cells[timeColumn] ?? "", total_sol_value: cells[valueColumn] ?? "" };
    });
  } else {
    const parsed = z.array(pointSchema).safeParse(body);
    if (!parsed.success) {
      throw new HttpError(400, "The body must be a JSON array of { timestamp, total_sol_value } or CSV text");
    }
    rows = parsed.data;
  }
  if (rows.length === 0) throw new HttpError(400, "The import holds no snapshots");
  if (rows.length > 100_000) throw new HttpError(400, "The import holds more than 100000 snapshots");
  return rows.map((row, index) => ({
    takenAt: parseTime(row.timestamp, index + 1),
    value: parseValue(row.total_sol_value, index + 1),
  }));
}
