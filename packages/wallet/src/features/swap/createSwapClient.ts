import type { Address, Hex } from "viem";
import * as z from "zod/mini";
import { ApiError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import { NATIVE_TOKEN_ADDRESS } from "../prices/nativeToken.js";

/** A token the API converts (`/v1/convert/tokens`); `address` is its CAIP-10 id. */
export type SwapToken = { name: string; symbol: string; address: string; decimals: number; logoUri: string };

/** Whether a swap token (CAIP-10) is the chain's native token (the `0xeeee…` address). */
export function isNativeSwapToken(token: Pick<SwapToken, "address"> | undefined): boolean {
  return Boolean(token?.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS}`));
}

/** A quote of `/v1/convert/quotes`: amounts in base units, `priceImpact` a percent ("0.31"), `fee` in from-token units. */
export type SwapQuote = {
  fromAmount: string;
  fromAccount: string;
  toAmount: string;
  toAccount: string;
  priceImpact: string;
  fee: string;
  route: string[];
};

/** A transaction the API built (approve or swap), to send as it is. */
export type SwapTransaction = {
  from: Address;
  to: Address;
  data: Hex;
  value: string;
  eip155?: { gas?: string | undefined; gasPrice?: string | undefined } | undefined;
};

/** Gas prices of `/v1/convert/gas-price` (wei). */
export type SwapGasPrice = { standard: string; fast: string; instant: string };

const errorSchema = z.object({
  message: z.optional(z.string()),
  reasons: z.optional(z.array(z.object({ description: z.string() }))),
});
const tokensSchema = z.object({
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string(),
      decimals: z.number(),
      logoUri: z._default(z.string(), ""),
    }),
  ),
});
const quotesSchema = z.object({
  quotes: z.array(
    z.object({
      fromAmount: z.string(),
      fromAccount: z._default(z.string(), ""),
      toAmount: z.string(),
      toAccount: z._default(z.string(), ""),
      priceImpact: z._default(z.string(), "0"),
      fee: z._default(z.string(), "0"),
      route: z._default(z.array(z.string()), []),
    }),
  ),
});
const txSchema = z.object({
  tx: z.object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    value: z._default(z.string(), "0"),
    eip155: z.optional(z.object({ gas: z.optional(z.string()), gasPrice: z.optional(z.string()) })),
  }),
});

/** The error of a convert call: its short message is the API's sentence (first reason, else message). */
export class SwapApiError extends ApiError {
  override name = "SwapApiError";
}

/** The convert routes of the API, one method per route (spec §7). */
export type SwapClient = {
  /** CAIP-2 ids of the chains the API swaps on (`/v1/supported-chains`, http). */
  supportedChains(): Promise<string[]>;
  tokens(chainId: number): Promise<SwapToken[]>;
  quote(p: { amount: string; userAddress: string; from: string; to: string; gasPrice?: string }): Promise<SwapQuote>;
  /** The allowance of `tokenAddress` (CAIP-10) to the router, base units. */
  allowance(p: { tokenAddress: string; userAddress: string }): Promise<bigint>;
  gasPrice(chainId: number): Promise<SwapGasPrice>;
  /**
   * An approve of the router for `from` (spec: userAddress, from, to; the API approves the largest amount when
   * `amount` is absent).
   */
  buildApprove(p: {
    userAddress: string;
    from: string;
    to: string;
    amount?: string | undefined;
  }): Promise<SwapTransaction>;
  buildTransaction(p: {
    amount: string;
    from: string;
    to: string;
    userAddress: string;
    /** Percent, 0.01–50. */
    slippage: string;
    disableEstimate?: boolean;
  }): Promise<SwapTransaction>;
};

/** The API base URL, and a fetch to use instead of the global one. */
export type CreateSwapClientParameters = { apiUrl: string; fetch?: typeof fetch | undefined };

/** The API's convert routes (spec §7 Blockchain API), validated with zod; errors carry the API's sentence. */
export function createSwapClient(p: CreateSwapClientParameters): SwapClient {
  const base = p.apiUrl.replace(/\/$/, "");
  const doFetch = p.fetch ?? fetch;
  const call = async <T>(path: string, schema: z.ZodMiniType<T>, init?: RequestInit): Promise<T> => {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        ...init,
        headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}) },
      });
    } catch (cause) {
      throw new SwapApiError(messages.somethingWentWrong, { status: 0, cause });
    }
    const body = await res.json().catch(() => undefined);
    if (!res.ok) {
      const parsed = errorSchema.safeParse(body);
      const sentence = parsed.success ? (parsed.data.reasons?.[0]?.description ?? parsed.data.message) : undefined;
      throw new SwapApiError(sentence || messages.somethingWentWrong, { status: res.status });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new SwapApiError(messages.somethingWentWrong, { status: res.status });
    return parsed.data;
  };
  const qs = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return {
    async supportedChains() {
      const r = await call("/v1/supported-chains", z.object({ http: z.array(z.string()) }));
      return r.http;
    },
    async tokens(chainId) {
      return (await call(`/v1/convert/tokens?${qs({ chainId: `eip155:${chainId}` })}`, tokensSchema)).tokens;
    },
    async quote(q) {
      const r = await call(`/v1/convert/quotes?${qs(q)}`, quotesSchema);
      const first = r.quotes[0];
      if (!first) throw new SwapApiError(NO_ROUTE, { status: 200 });
      return first;
    },
    async allowance(q) {
      const r = await call(`/v1/convert/allowance?${qs(q)}`, z.object({ allowance: z.string() }));
      return BigInt(r.allowance);
    },
    async gasPrice(chainId) {
      return call(
        `/v1/convert/gas-price?${qs({ chainId: `eip155:${chainId}` })}`,
        z.object({ standard: z.string(), fast: z.string(), instant: z.string() }),
      );
    },
    async buildApprove(q) {
      return (await call(`/v1/convert/build-approve?${qs(q)}`, txSchema)).tx as SwapTransaction;
    },
    async buildTransaction(b) {
      const body = {
        amount: b.amount,
        eip155: { slippage: b.slippage.trim() },
        from: b.from,
        to: b.to,
        userAddress: b.userAddress,
        ...(b.disableEstimate ? { disableEstimate: true } : {}),
      };
      return (await call("/v1/convert/build-transaction", txSchema, { method: "POST", body: JSON.stringify(body) }))
        .tx as SwapTransaction;
    },
  };
}

/** The API's sentence when a pair has no liquidity. */
export const NO_ROUTE = "No route for this pair";
