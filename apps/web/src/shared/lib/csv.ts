/** One CSV cell: quoted when needed; text that a spreadsheet would run as a formula is defused with a leading '. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  // A plain decimal ("-300.5") is a figure, not a formula.
  const text = /^-?\d+(\.\d+)?$/.test(value) || !/^[=+\-@\t\r]/.test(value) ? value : `'${value}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type CsvColumn<T> = [header: string, value: (row: T) => string | number | null | undefined];

/** Rows as CSV (RFC 4180, CRLF line ends, a header row), in the order given. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map(([header]) => csvCell(header)).join(",")];
  for (const row of rows) lines.push(columns.map(([, value]) => csvCell(value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
