import { type Address, zeroAddress } from "viem";
import { formatTokenId, NATIVE_TOKEN_ADDRESS, type TokenId } from "../chain/caip.js";
import { HttpError } from "../http/errors.js";
import { type DexChain, factoryAbi, pairAbi, routerAbi } from "./dex.js";
import { getAmountsOut, type Hop, lpFee, priceImpactPercent } from "./quoteMath.js";

/** The answer when no pool (or chain of pools through WETH or mUSDC) connects two tokens. */
export const NO_ROUTE = "No route for this pair";

/** A quote in the spec's shape (amounts in base units; `route` the CAIP ids of the tokens along the path). */
export type Quote = {
  fromAmount: string;
  fromAccount: string;
  toAmount: string;
  toAccount: string;
  priceImpact: string;
  fee: string;
  route: string[];
};

/** A quote plus what the transaction builder needs: the router path (WETH for ETH) and the output in base units. */
export type PricedQuote = { quote: Quote; path: Address[]; amountOut: bigint };

/** The reserves of the pool of `tokenIn`/`tokenOut` as a hop, or undefined when there is no pool or it is empty. */
export async function readHop(chain: DexChain, tokenIn: Address, tokenOut: Address): Promise<Hop | undefined> {
  const pair = await chain.client.readContract({
    address: chain.dex.factory,
    abi: factoryAbi,
    functionName: "getPair",
    args: [tokenIn, tokenOut],
  });
  if (pair === zeroAddress) return undefined;
  const [token0, [reserve0, reserve1]] = await Promise.all([
    chain.client.readContract({ address: pair, abi: pairAbi, functionName: "token0" }),
    chain.client.readContract({ address: pair, abi: pairAbi, functionName: "getReserves" }),
  ]);
  if (reserve0 === 0n || reserve1 === 0n) return undefined;
  return token0.toLowerCase() === tokenIn.toLowerCase()
    ? { reserveIn: reserve0, reserveOut: reserve1 }
    : { reserveIn: reserve1, reserveOut: reserve0 };
}

/** The router's address for a token: WETH for native ETH. */
export function routerToken(chain: DexChain, token: TokenId): Address {
  return token.native ? chain.dex.weth : token.address;
}

/** The paths worth trying: direct, then through WETH and through the USD token (each hub once, never an end). */
export function candidatePaths(chain: DexChain, from: Address, to: Address): Address[][] {
  const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
  const hubs = [chain.dex.weth, chain.usdToken?.address].filter(
    (hub): hub is Address => hub !== undefined && !same(hub, from) && !same(hub, to),
  );
  return [[from, to], ...hubs.map((hub) => [from, hub, to])];
}

/**
 * The best quote for `amount` of `from` into `to`: every candidate path's output from the pools' reserves (Uniswap's
 * formula), the best one confirmed with the router's own `getAmountsOut`. 400 "No route for this pair" when none.
 */
export async function quoteSwap(chain: DexChain, from: TokenId, to: TokenId, amount: bigint): Promise<PricedQuote> {
  const tokenIn = routerToken(chain, from);
  const tokenOut = routerToken(chain, to);
  if (tokenIn.toLowerCase() === tokenOut.toLowerCase() || amount <= 0n) throw new HttpError(400, NO_ROUTE);
  let best: { path: Address[]; hops: Hop[]; out: bigint } | undefined;
  for (const path of candidatePaths(chain, tokenIn, tokenOut)) {
    const hops: Hop[] = [];
    for (let i = 0; i + 1 < path.length; i++) {
      const hop = await readHop(chain, path[i] as Address, path[i + 1] as Address);
      if (!hop) break;
      hops.push(hop);
    }
    if (hops.length !== path.length - 1) continue;
    const out = getAmountsOut(amount, hops).at(-1) ?? 0n;
    if (out > 0n && (!best || out > best.out)) best = { path, hops, out };
  }
  if (!best) throw new HttpError(400, NO_ROUTE);
  const amounts = await chain.client
    .readContract({
      address: chain.dex.router,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [amount, best.path],
    })
    .catch(() => undefined);
  const amountOut = amounts?.at(-1) ?? 0n;
  if (amountOut <= 0n) throw new HttpError(400, NO_ROUTE);
  const last = best.path.length - 1;
  const route = best.path.map((address, index) =>
    formatTokenId(
      chain.chainId,
      (index === 0 && from.native) || (index === last && to.native) ? NATIVE_TOKEN_ADDRESS : address,
    ),
  );
  return {
    path: best.path,
    amountOut,
    quote: {
      fromAmount: amount.toString(),
      fromAccount: formatTokenId(chain.chainId, from.address),
      toAmount: amountOut.toString(),
      toAccount: formatTokenId(chain.chainId, to.address),
      priceImpact: priceImpactPercent(amount, amountOut, best.hops),
      fee: lpFee(amount, best.hops.length).toString(),
      route,
    },
  };
}
