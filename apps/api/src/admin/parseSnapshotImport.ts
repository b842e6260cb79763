import { z } from "zod";
import { HttpError } from "../http/errors.js";

export type ImportedPoint = { takenAt: Date; value: number };

const pointSchema = z.object({
  timestamp: z.union([z.number(), z.string()]),
  total_sol_value: z.union([z.number(), z.string()]),
});

/** A time in seconds (the spec's unit), milliseconds (13 digits) or an ISO date. */
function parseTime(value: number | string, row: number): Date {
  const numeric = typeof value === "number" ? value : /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  const ms = Number.isFinite(numeric) ? (numeric > 1e12 ? numeric : numeric * 1000) : Date.parse(String(value));
  if (!Number.isFinite(ms)) throw new HttpError(400, `Row ${row}: timestamp "${value}" is not a time`);
  return new Date(ms);
}

function parseValue(value: number | string, row: number): number {
  const number = typeof value === "number" ? value : Number(value.trim());
  if (!Number.isFinite(number) || number < 0 || (typeof value === "string" && !value.trim())) {
    throw new HttpError(400, `Row ${row}: total_sol_value "${value}" is not a non-negative number`);
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
