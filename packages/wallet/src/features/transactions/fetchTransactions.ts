import { z } from "zod";
import { messages } from "../../core/messages.js";

const transferSchema = z
  .object({
    fungible_info: z.object({ name: z.string().optional(), symbol: z.string().optional() }).partial().optional(),
    nft_info: z
      .object({ flags: z.object({ is_spam: z.boolean().optional() }).partial().optional() })
      .partial()
      .optional(),
    direction: z.string().optional(),
    quantity: z.object({ numeric: z.string() }).partial().optional(),
  })
  .passthrough();

export const transactionSchema = z
  .object({
    id: z.string(),
    metadata: z
      .object({
        minedAt: z.string(),
        chain: z.string(),
        hash: z.string().optional(),
        sentFrom: z.string().optional(),
        sentTo: z.string().optional(),
        status: z.string().optional(),
        operationType: z.string().optional(),
      })
      .passthrough(),
    transfers: z.array(transferSchema).default([]),
  })
  .passthrough();

const responseSchema = z.object({ data: z.array(transactionSchema), next: z.string().nullish() });

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
 * One page of the account's transaction history from the API (cursor paging). Spam transfers are dropped. On
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
