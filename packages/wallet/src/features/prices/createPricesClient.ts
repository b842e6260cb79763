import * as z from "zod/mini";
import { BALANCE_CURRENCY } from "../../core/constants.js";
import { ApiError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";

// The native token's id lives in nativeToken.ts (the header's balances use it without this client's schemas).
export { NATIVE_TOKEN_ADDRESS, nativeTokenId } from "./nativeToken.js";

/** One priced token of `POST /v1/fungible/price`. */
export type FungiblePrice = { name: string; symbol: string; iconUrl: string; price: number; address: string };

const priceSchema = z.object({
  fungibles: z.array(
    z.object({
      name: z._default(z.string(), ""),
      symbol: z._default(z.string(), ""),
      iconUrl: z._default(z.string(), ""),
      price: z.number(),
      address: z.string(),
    }),
  ),
});

export type FetchPricesParameters = {
  /** The API base URL. */
  apiUrl: string;
  /** CAIP-10 token ids (`eip155:31337:0x…`; native: `nativeTokenId(chainId)`). */
  addresses: readonly string[];
  currency?: string | undefined;
  fetch?: typeof fetch | undefined;
};

/**
 * USD prices of tokens from the API's `POST /v1/fungible/price`, keyed by the lowercased CAIP id. Throws an `ApiError`
 * when the API fails (callers show balances without USD values then).
 */
export async function fetchPrices(p: FetchPricesParameters): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  if (p.addresses.length === 0) return prices;
  const doFetch = p.fetch ?? fetch;
  const res = await doFetch(`${p.apiUrl.replace(/\/$/, "")}/v1/fungible/price`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ currency: p.currency ?? BALANCE_CURRENCY, addresses: p.addresses }),
  });
  if (!res.ok) throw new ApiError(messages.somethingWentWrong, { status: res.status });
  const parsed = priceSchema.safeParse(await res.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(messages.somethingWentWrong, { status: res.status });
  for (const f of parsed.data.fungibles) {
    if (Number.isFinite(f.price)) prices.set(f.address.toLowerCase(), f.price);
  }
  return prices;
}
