import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Investors' requests to be whitelisted, each proven by the address's signature (src/access/verifyAccessRequest.ts).
 * `status` moves once from `pending` to `approved` (the address is whitelisted on chain) or `dismissed` (the admin
 * declined); an address has at most one pending request (a partial unique index).
 */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: serial("id").primaryKey(),
    /** Checksummed. */
    address: text("address").notNull(),
    /** The investor's note to the admin, at most 280 characters ("" without one). */
    note: text("note").notNull().default(""),
    status: text("status").$type<"pending" | "approved" | "dismissed">().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    /** The admin account that approved or dismissed it, or "admin token". */
    decidedBy: text("decided_by"),
  },
  (t) => [
    uniqueIndex("access_requests_one_pending").on(t.address).where(sql`${t.status} = 'pending'`),
    index("access_requests_address").on(t.address, t.createdAt),
    index("access_requests_status").on(t.status, t.createdAt),
  ],
);

/**
 * The admin's planned lockup date of a vault's open round (shown to investors; the lockup itself stays the admin's
 * on-chain action). One row per round; clearing the date deletes it.
 */
export const vaultPlans = pgTable(
  "vault_plans",
  {
    chainId: integer("chain_id").notNull(),
    vaultId: bigint("vault_id", { mode: "number" }).notNull(),
    /** The vault's round number (1 for its first pool). */
    round: bigint("round", { mode: "number" }).notNull(),
    plannedAt: timestamp("planned_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The admin account that set it (checksummed), or "admin token". */
    setBy: text("set_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.vaultId, t.round] })],
);
