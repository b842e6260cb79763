import { formatNumeric } from "../../core/format.js";
import type { TransactionItem } from "./fetchTransactions.js";

/** The label of each operation type of the history (the API's `operationType`). */
export const OPERATION_LABELS: Readonly<Record<string, string>> = {
  send: "Sent",
  receive: "Received",
  swap: "Swapped",
  invest: "Invested",
  withdraw: "Withdrew",
  mint: "Minted",
  buy: "Bought",
  approve: "Approved",
  execute: "Executed",
  vote: "Voted",
  rollover: "Changed roll-over",
};

/** A row of the Activity list: one history item, or both legs of a swap (items with the same hash). */
export type TransactionRow = {
  id: string;
  /** "Sent", "Swapped", … */
  label: string;
  /** "1.5 mUSDC", or for a swap "0.5 ETH for 1,490 mUSDC"; undefined when the item has no amount. */
  amount: string | undefined;
  /**
   * The other side of a transfer: whom it was sent to, whom it came from, the fund invested in, the spender an
   * allowance is for, the vault a roll-over change is for; none for a swap, a mint or a vote. `name` is set where the
   * item names it (the vault's name, "Crypto futures trading vault"): shown instead of the address.
   */
  counterparty: { label: "to" | "from" | "in" | "for"; address: string; name?: string } | undefined;
  /** Possibly spam: a token the deployment does not list. */
  spam: boolean;
  /** Both legs of a swap in one row (`amount` reads "0.5 ETH for 1,490 mUSDC"). */
  swap: boolean;
  item: TransactionItem;
};

/** What a person reads for a vote: "Voted for proposal #5", "Voted against proposal #5", "Abstained on proposal #5". */
export function voteLabel(vote: { proposalId: string; choice: string }): string {
  const proposal = `proposal #${vote.proposalId}`;
  if (vote.choice === "abstain") return `Abstained on ${proposal}`;
  return `Voted ${vote.choice === "for" ? "for" : "against"} ${proposal}`;
}

/** A vault as a person reads it: its name, else "vault #2" (a vault the API has no name for). */
export function vaultName(vault: { id: string; name?: string | undefined }): string {
  return vault.name ?? `vault #${vault.id}`;
}

/**
 * The label of an item: a vote's whole sentence ("Voted for proposal #5"), a roll-over change's ("Turned roll-over
 * on"), else from its `operationType`, else from its direction.
 */
export function labelOf(item: TransactionItem, address: string): string {
  const type = item.metadata.operationType;
  const { vote, rollOver } = item.metadata;
  if (type === "vote" && vote) return voteLabel(vote);
  if (type === "rollover" && rollOver) return `Turned roll-over ${rollOver.enabled ? "on" : "off"}`;
  if (type) return OPERATION_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  const from = item.metadata.sentFrom?.toLowerCase();
  if (from) return from === address.toLowerCase() ? "Sent" : "Received";
  return "Transaction";
}

/** An item's first transfer as "1.5 mUSDC" (rounded: 2 decimals, 6 below 1), or undefined. */
export function amountOf(item: TransactionItem): string | undefined {
  const transfer = item.transfers[0];
  if (!transfer?.quantity?.numeric) return undefined;
  const numeric = transfer.quantity.numeric;
  const symbol = transfer.fungible_info?.symbol ?? "";
  // An allowance of (nearly) 2^256 - 1 base units: the usual "unlimited" approval.
  if (item.metadata.operationType === "approve" && (numeric.split(".")[0]?.length ?? 0) > 40) {
    return `Unlimited ${symbol}`.trim();
  }
  // Small amounts (a fraction of a bitcoin) keep more decimals than the usual two.
  const shown = Math.abs(Number(numeric)) < 1 ? formatNumeric(numeric, 6) : formatNumeric(numeric);
  return `${shown} ${symbol}`.trim();
}

function counterpartyOf(item: TransactionItem, address: string): TransactionRow["counterparty"] {
  const { sentFrom: from, sentTo: to, operationType, vault } = item.metadata;
  if (operationType === "mint" || operationType === "buy" || operationType === "vote") return undefined;
  // The fund's vault by name: "Invested in Crypto futures trading vault", "Withdrew from …", "… for …".
  const named = vault && { name: vaultName(vault) };
  if (operationType === "rollover") return to && named ? { label: "for", address: to, ...named } : undefined;
  if (operationType === "invest" && to) return { label: "in", address: to, ...named };
  if (operationType === "withdraw" && from && named) return { label: "from", address: from, ...named };
  if (operationType === "approve" && to) return { label: "for", address: to };
  if (from && from.toLowerCase() === address.toLowerCase()) return to ? { label: "to", address: to } : undefined;
  return from ? { label: "from", address: from } : undefined;
}

const isSpam = (item: TransactionItem) => item.spam === true || item.transfers.some((t) => t.spam === true);
const directionOf = (item: TransactionItem) => item.transfers[0]?.direction;

/**
 * The Activity list's rows, in the items' order: each item a row, except a swap's legs (items with operation type
 * `swap` and the same hash), which become one row "Swapped 0.5 ETH for 1,490 mUSDC" at the first leg's place.
 */
export function toTransactionRows(items: readonly TransactionItem[], address: string): TransactionRow[] {
  const legs = new Map<string, TransactionItem[]>();
  for (const item of items) {
    const hash = item.metadata.hash;
    if (item.metadata.operationType !== "swap" || !hash) continue;
    legs.set(hash, [...(legs.get(hash) ?? []), item]);
  }
  const rows: TransactionRow[] = [];
  const done = new Set<string>();
  for (const item of items) {
    const hash = item.metadata.hash;
    const swap = hash ? legs.get(hash) : undefined;
    if (hash && swap && swap.length > 1) {
      if (done.has(hash)) continue;
      done.add(hash);
      const paid = swap.find((leg) => directionOf(leg) === "out");
      const got = swap.find((leg) => directionOf(leg) === "in");
      const sold = paid && amountOf(paid);
      const bought = got && amountOf(got);
      rows.push({
        id: `swap:${hash}`,
        label: labelOf(item, address),
        amount: sold && bought ? `${sold} for ${bought}` : (sold ?? bought),
        counterparty: undefined,
        spam: swap.some(isSpam),
        swap: true,
        item,
      });
      continue;
    }
    rows.push({
      id: item.id,
      label: labelOf(item, address),
      amount: amountOf(item),
      counterparty: counterpartyOf(item, address),
      spam: isSpam(item),
      swap: false,
      item,
    });
  }
  return rows;
}
