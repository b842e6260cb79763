import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { accessRequests } from "../db/schemaAccess.js";
import { isUniqueViolation } from "../embedded/wallets.js";
import { HttpError } from "../http/errors.js";

/** An access request as the API answers it (times in ISO 8601). */
export type AccessRequestRow = {
  address: string;
  note: string;
  status: "pending" | "approved" | "dismissed";
  createdAt: string;
  decidedAt: string | null;
};

/** The most pending requests one listing answers (oldest first). */
export const MAX_LISTED_REQUESTS = 200;

const columns = {
  address: accessRequests.address,
  note: accessRequests.note,
  status: accessRequests.status,
  createdAt: accessRequests.createdAt,
  decidedAt: accessRequests.decidedAt,
};

type Selected = {
  address: string;
  note: string;
  status: AccessRequestRow["status"];
  createdAt: Date;
  decidedAt: Date | null;
};

const toRow = (row: Selected): AccessRequestRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** The day a request was made, as the 409 says it ("Nov 29, 2026", UTC). */
const day = (date: Date) =>
  date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The address's latest request, any status; undefined when it made none. */
export async function latestAccessRequest(db: Db, address: string): Promise<AccessRequestRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(accessRequests)
    .where(eq(accessRequests.address, address))
    .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
    .limit(1);
  return row && toRow(row);
}

/**
 * Stores a pending request for `address` (checksummed). A second one while the first is pending is refused with 409,
 * saying when it was made: the partial unique index decides, so two requests at once cannot both be stored.
 */
export async function createAccessRequest(
  db: Db,
  { address, note, now = new Date() }: { address: string; note: string; now?: Date },
): Promise<AccessRequestRow> {
  try {
    const [row] = await db
      .insert(accessRequests)
      .values({ address, note, status: "pending", createdAt: now })
      .returning(columns);
    if (!row) throw new Error("the insert returned no row");
    return toRow(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const pending = await latestAccessRequest(db, address);
    const when = pending ? ` on ${day(new Date(pending.createdAt))}` : "";
    throw new HttpError(
      409,
      `Access was already requested for ${address}${when}: the fund's admin has not answered yet`,
    );
  }
}

/** The pending requests, oldest first (at most MAX_LISTED_REQUESTS). */
export async function pendingAccessRequests(db: Db): Promise<AccessRequestRow[]> {
  const rows = await db
    .select(columns)
    .from(accessRequests)
    .where(eq(accessRequests.status, "pending"))
    .orderBy(asc(accessRequests.createdAt), asc(accessRequests.id))
    .limit(MAX_LISTED_REQUESTS);
  return rows.map(toRow);
}

/** Closes the address's pending request as approved or dismissed; 404 in words when none is pending. */
export async function closeAccessRequest(
  db: Db,
  {
    address,
    status,
    by,
    now = new Date(),
  }: { address: string; status: "approved" | "dismissed"; by: string; now?: Date },
): Promise<AccessRequestRow> {
  const [row] = await db
    .update(accessRequests)
    .set({ status, decidedAt: now, decidedBy: by })
    .where(and(eq(accessRequests.address, address), eq(accessRequests.status, "pending")))
    .returning(columns);
  if (!row) throw new HttpError(404, `No pending access request for ${address}`);
  return toRow(row);
}
