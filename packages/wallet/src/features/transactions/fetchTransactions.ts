import * as z from "zod/mini";
import { messages } from "../../core/messages.js";

// zod/mini: the tree-shakable build of zod, so the first page view does not carry the whole of zod.
const transferSchema = z.looseObject({
  fungible_info: z.optional(z.object({ name: z.optional(z.string()), symbol: z.optional(z.string()) })),
  nft_info: z.optional(z.object({ flags: z.optional(z.object({ is_spam: z.optional(z.boolean()) })) })),
  direction: z.optional(z.string()),
  quantity: z.optional(z.object({ numeric: z.optional(z.string()) })),
  token_address: z.optional(z.string()),
  /** A native transfer (ether). */
  native: z.optional(z.boolean()),
  /** A token the deployment does not list: possibly spam (shown with a mark, not hidden). */
  spam: z.optional(z.boolean()),
});

export const transactionSchema = z.looseObject({
  id: z.string(),
  metadata: z.looseObject({
    minedAt: z.string(),
    chain: z.string(),
    hash: z.optional(z.string()),
    sentFrom: z.optional(z.string()),
    sentTo: z.optional(z.string()),
    status: z.optional(z.string()),
    operationType: z.optional(z.string()),
    /** The fund's vault an investment, a withdrawal or a roll-over change was for (its name once known). */
    vault: z.optional(z.looseObject({ id: z.string(), name: z.optional(z.string()) })),
    /** A vote (`operationType` "vote"): on which proposal, which way ("for", "against", "abstain"). */
    vote: z.optional(z.looseObject({ proposalId: z.string(), choice: z.string() })),
    /** A roll-over change (`operationType` "rollover"): whether roll-over is now on. */
    rollOver: z.optional(z.looseObject({ enabled: z.boolean() })),
  }),
  transfers: z._default(z.array(transferSchema), []),
  /** Set when a transfer of the item is of a token the deployment does not list. */
  spam: z.optional(z.boolean()),
});

const responseSchema = z.object({ data: z.array(transactionSchema), next: z.nullish(z.string()) });

export type TransactionItem = z.infer<typeof transactionSchema>;
export type FetchTransactionsReturnType = { data: TransactionItem[]; next: string | undefined };

export type FetchTransactionsParameters = {
  /** The API base URL. */
  baseUrl: string;
  address: string | undefined;
  cursor?: string | undefined;
  chainId?: string | number | undefined;
  /** The route; default `/v1/account/{address}/history`. */
  path?: ((address: string) => string) | undefined;
  fetch?: typeof fetch | undefined;
  /** Called with 'Failed to fetch transactions' on failure. */
  onError?: ((message: string, error: unknown) => void) | undefined;
};

/**
 * One page of the account's transaction history from the API (cursor paging). Spam NFT transfers are dropped;
 * fungible transfers of unlisted tokens stay, marked `spam` by the API, for the view to mark. On
 * failure: an empty list, no cursor, and 'Failed to fetch transactions'. Requires an account address.
 */
export async function fetchTransactions(p: FetchTransactionsParameters): Promise<FetchTransactionsReturnType> {
  if (!p.address) throw new Error("Transaction list fetch requires an account address");
  const path = p.path ?? ((address) => `/v1/account/${address}/history`);
  const url = new URL(
    `${p.baseUrl.replace(/\/$/, "")}${path(p.address)}`,
    globalThis.location?.href ?? "http://localhost",
  );
  if (p.cursor) url.searchParams.set("cursor", p.cursor);
  if (p.chainId !== undefined) url.searchParams.set("chainId", String(p.chainId));
  try {
    const res = await (p.fetch ?? globalThis.fetch)(url, {
      credentials: "include",
      headers: { accept: "application/json" },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = responseSchema.parse(await res.json());
    const data = body.data.filter((tx) => !tx.transfers.some((t) => t.nft_info?.flags?.is_spam));
    return { data, next: body.next ?? undefined };
  } catch (error) {
    p.onError?.(messages.failedToFetchTransactions, error);
    return { data: [], next: undefined };
  }
}
