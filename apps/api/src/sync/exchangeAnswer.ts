import { z } from "zod";

/**
 * An exchange answer that cannot be trusted: not JSON, cut short, or not the shape Bybit documents. Such an
 * answer is an error, never "no rows": the window it was for is not stored and its cursor does not move.
 * `message` is the operator's detail (for the log); the public sentence comes from describeExchangeError.
 */
export class ExchangeAnswerError extends Error {
  override name = "ExchangeAnswerError";
}

/** A Bybit amount or time: a decimal number written as a string. */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, "a decimal number as text");
const millis = z.string().regex(/^\d{1,16}$/, "a time in ms as text");

/** One row of `/v5/asset/deposit/query-record` (the fields the unified record is built from; others kept). */
const depositRow = z.looseObject({
  id: z.string().min(1),
  coin: z.string().min(1),
  amount: decimal,
  successAt: millis,
});

/** One row of `/v5/asset/withdraw/query-record`. */
const withdrawalRow = z.looseObject({
  withdrawId: z.string().min(1),
  coin: z.string().min(1),
  amount: decimal,
  createTime: millis,
});

const page = (row: z.ZodType<Record<string, unknown>>) =>
  z.looseObject({
    retCode: z.literal(0),
    result: z.looseObject({
      rows: z.array(row),
      nextPageCursor: z.string().optional(),
    }),
  });

const pages = { deposit: page(depositRow), withdrawal: page(withdrawalRow) };

export type TransferPage = { rows: Record<string, unknown>[]; nextPageCursor: string | undefined };

/**
 * Bybit's raw answer for one page of deposits or withdrawals, checked against the documented shape
 * (`retCode` 0, `result.rows` of well-formed records, `result.nextPageCursor`); throws ExchangeAnswerError
 * naming what was wrong otherwise (a non-JSON or truncated body reaches here as text and fails).
 */
export function parseTransferPage(kind: "deposit" | "withdrawal", raw: unknown): TransferPage {
  if (typeof raw !== "object" || raw === null) {
    throw new ExchangeAnswerError(`the ${kind} page was not JSON (${typeof raw}, ${String(raw).length} characters)`);
  }
  const parsed = pages[kind].safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
      .join("; ");
    throw new ExchangeAnswerError(`the ${kind} page did not have Bybit's shape: ${issues}`);
  }
  const cursor = parsed.data.result.nextPageCursor;
  return { rows: parsed.data.result.rows, nextPageCursor: cursor === "" ? undefined : cursor };
}
