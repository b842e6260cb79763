import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Address,
  BaseError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddress,
  maxUint256,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";
import { answerCors, readBody, sendJson } from "./standInHttp.js";

/**
 * A stand-in for the API's swap and price routes (apps/api `routes/convert.ts`, `convert/*`), answering as they do
 * on a real chain with Uniswap V2: the same paths (direct, then through WETH or the USD token), Uniswap's math on the
 * pools' reserves confirmed by Router02's `getAmountsOut`, the same quote fields, Router02 / ERC-20 calldata, gas
 * estimated on the chain with the router's reasons in plain words, and the same error body
 * (`{ statusCode, error, message }`, 400 for a bad request). For the wallet's tests; the API's own tests prove the
 * real routes. `/v1/fungible/price` answers from `prices` (set by the test). Checked request by request against the
 * real app on the same chain: every convert route answered with the same status and body.
 */

/** Router02's functions the routes read and encode. */
export const swapRouterAbi = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
const factoryAbi = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"]);
const pairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
]);

/** The native token's address in CAIP-10 ids (0xeeee…). */
export const SWAP_NATIVE_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const SWAPS_NOT_SUPPORTED = "Network not supported for Swaps";
const GAS_PRICE_NOT_SUPPORTED = "Network not supported for Gas Price";
const NO_ROUTE = "No route for this pair";
const DEADLINE_SECONDS = 20n * 60n;
const DEFAULT_SWAP_GAS = 300_000n;
const DEFAULT_APPROVE_GAS = 100_000n;

/** A token of the deployment besides native ETH (the USD token first). */
export type SwapTestToken = { address: Address; symbol: string; name: string; decimals: number };

/** The running stand-in, with what it was asked and switches for its failures. */
export type SwapTestServer = {
  url: string;
  stop(): Promise<void>;
  /** Every request, `METHOD /path?query`. */
  requests: string[];
  /** Bodies of `POST /v1/convert/build-transaction`. */
  builds: unknown[];
  /** The chains `/v1/supported-chains` lists (CAIP-2); the convert routes answer 'Network not supported for Swaps' for others. */
  supportedChains: string[];
  /**
   * USD prices by lowercased CAIP-10 id for `POST /v1/fungible/price` (the API prices from the pools; here the test
   * sets them). Ids without a price are left out, as the API does.
   */
  prices: Map<string, number>;
  /** `POST /v1/fungible/price` answers 503 (as the API does while the chain cannot be read) while true. */
  failPrices: boolean;
  /** `/v1/convert/gas-price` answers 400 'Network not supported for Gas Price' while true. */
  failGasPrice: boolean;
  /** Makes the next build-transaction answer this status and sentence. */
  failNextBuild(status: number, message: string): void;
  /** Runs before the next build-transaction is answered (after it was built), e.g. to move the price. */
  beforeNextBuildAnswer(hook: () => Promise<void>): void;
};

type TokenId = { chainId: number; address: Address; native: boolean };
type Hop = { reserveIn: bigint; reserveOut: bigint };

/** A 400 (or other) answer with the routes' sentence. */
class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

// --- the API's params and quote maths (apps/api src/convert/params.ts, caip.ts, quoteMath.ts) ---

function parseTokenId(value: string): TokenId | undefined {
  const parts = value.split(":");
  if (parts.length !== 3 || parts[0] !== "eip155") return undefined;
  const digits = parts[1] ?? "";
  if (!/^(0|[1-9][0-9]{0,9})$/.test(digits)) return undefined;
  const chainId = Number(digits);
  const address = parts[2] ?? "";
  if (chainId < 1 || chainId > 2_147_483_647 || !isAddress(address, { strict: false })) return undefined;
  const native = address.toLowerCase() === SWAP_NATIVE_ADDRESS;
  return { chainId, address: native ? SWAP_NATIVE_ADDRESS : getAddress(address), native };
}

function formatTokenId(chainId: number, address: string): string {
  const native = address.toLowerCase() === SWAP_NATIVE_ADDRESS;
  return `eip155:${chainId}:${native ? SWAP_NATIVE_ADDRESS : getAddress(address)}`;
}

function parseChainId(value: string): number | undefined {
  const digits = value.startsWith("eip155:") ? value.slice("eip155:".length) : value;
  if (!/^(0|[1-9][0-9]{0,9})$/.test(digits)) return undefined;
  const id = Number(digits);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

function parseSlippage(value: string): bigint | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const basisPoints = BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
  return basisPoints >= 1n && basisPoints <= 5000n ? basisPoints : undefined;
}

function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

function lpFee(amountIn: bigint, hopCount: number): bigint {
  const keep = 997n ** BigInt(hopCount);
  const whole = 1000n ** BigInt(hopCount);
  return (amountIn * (whole - keep)) / whole;
}

function priceImpactPercent(amountIn: bigint, amountOut: bigint, hops: readonly Hop[]): string {
  if (amountIn <= 0n || hops.length === 0) return "0.00";
  let numerator = amountIn;
  let denominator = 1n;
  for (const hop of hops) {
    if (hop.reserveIn <= 0n || hop.reserveOut <= 0n) return "100.00";
    numerator *= hop.reserveOut * 997n;
    denominator *= hop.reserveIn * 1000n;
  }
  if (numerator === 0n) return "0.00";
  const lost = numerator - amountOut * denominator;
  const bps = lost <= 0n ? 0n : (lost * 10_000n * 2n + numerator) / (numerator * 2n);
  return `${bps / 100n}.${(bps % 100n).toString().padStart(2, "0")}`;
}

/** The router's revert reasons in plain words (apps/api src/convert/buildTx.ts `describeRevert`). */
function describeRevert(error: unknown): string {
  const text =
    error instanceof BaseError
      ? [error.shortMessage, error.details, ...(error.metaMessages ?? [])].join(" ")
      : error instanceof Error
        ? error.message
        : String(error);
  const reasons: [RegExp, string][] = [
    [/INSUFFICIENT_OUTPUT_AMOUNT/, "The price moved more than your slippage allows"],
    [/EXPIRED/, "The swap's deadline passed; try again"],
    [
      /TRANSFER_FROM_FAILED|insufficient allowance|exceeds allowance/i,
      "Approve the token and check your balance first",
    ],
    [/insufficient funds|exceeds balance|TRANSFER_FAILED/i, "Your balance is too low for this swap and its gas"],
    [/INSUFFICIENT_LIQUIDITY|INSUFFICIENT_INPUT_AMOUNT|INVALID_PATH/, NO_ROUTE],
  ];
  for (const [pattern, sentence] of reasons) if (pattern.test(text)) return sentence;
  return "The swap would fail";
}

// --- request fields, as the routes' zod schemas check them ---

type Where = "query" | "body";
const invalid = (where: Where, path: string, message: string) =>
  new HttpError(400, `Invalid ${where}: ${path}: ${message}`);

function textField(where: Where, raw: unknown, name: string, max: number, path = name): string {
  if (typeof raw !== "string") throw invalid(where, path, `${name} must be given once, as text`);
  if (raw.length > max) throw invalid(where, path, `${name} must be at most ${max} characters`);
  return raw;
}
function tokenField(where: Where, raw: unknown, name: string): TokenId {
  const id = parseTokenId(textField(where, raw, name, 80));
  if (!id) throw invalid(where, name, `${name} must be a token id such as eip155:31337:0x…`);
  return id;
}
function addressField(where: Where, raw: unknown, name: string): Address {
  const value = textField(where, raw, name, 42);
  if (!isAddress(value, { strict: false })) throw invalid(where, name, `${name} must be a 0x-prefixed EVM address`);
  return getAddress(value);
}
function baseUnitsField(where: Where, raw: unknown, name: string): bigint {
  const value = textField(where, raw, name, 78);
  if (!/^[1-9][0-9]*$/.test(value) || BigInt(value) > maxUint256)
    throw invalid(where, name, `${name} must be a whole number of base units from 1 to 2^256 - 1 (digits only)`);
  return BigInt(value);
}
function chainField(raw: unknown): number {
  const id = parseChainId(textField("query", raw, "chainId", 20));
  if (id === undefined) throw invalid("query", "chainId", "chainId must be a chain id such as eip155:31337");
  return id;
}

/**
 * Starts the stand-in on a free local port, on `client`'s chain with its Uniswap V2 (`dex`) and `tokens` (the USD
 * token first, as the deployment record lists them).
 */
export async function startSwapTestServer(p: {
  client: PublicClient;
  chainId: number;
  dex: { router: Address; factory: Address; weth: Address };
  tokens: readonly SwapTestToken[];
}): Promise<SwapTestServer> {
  const requests: string[] = [];
  const builds: unknown[] = [];
  let failBuild: { status: number; message: string } | undefined;
  let beforeBuildAnswer: (() => Promise<void>) | undefined;
  const state = {
    supportedChains: [`eip155:${p.chainId}`],
    prices: new Map<string, number>(),
    failPrices: false,
    failGasPrice: false,
  };
  const tokens = p.tokens.map((t) => ({ ...t, address: getAddress(t.address) }));
  const usdToken = tokens[0]?.address;
  const supported = (chainId: number) => state.supportedChains.includes(`eip155:${chainId}`) && chainId === p.chainId;
  const swapChain = (...ids: TokenId[]) => {
    const chainId = ids[0]?.chainId;
    if (chainId === undefined || !supported(chainId) || ids.some((id) => id.chainId !== chainId))
      throw new HttpError(400, SWAPS_NOT_SUPPORTED);
  };
  const routerToken = (id: TokenId): Address => (id.native ? p.dex.weth : id.address);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

  const readHop = async (tokenIn: Address, tokenOut: Address): Promise<Hop | undefined> => {
    const pair = await p.client.readContract({
      address: p.dex.factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [tokenIn, tokenOut],
    });
    if (pair === zeroAddress) return undefined;
    const [token0, [reserve0, reserve1]] = await Promise.all([
      p.client.readContract({ address: pair, abi: pairAbi, functionName: "token0" }),
      p.client.readContract({ address: pair, abi: pairAbi, functionName: "getReserves" }),
    ]);
    if (reserve0 === 0n || reserve1 === 0n) return undefined;
    return same(token0, tokenIn)
      ? { reserveIn: reserve0, reserveOut: reserve1 }
      : { reserveIn: reserve1, reserveOut: reserve0 };
  };

  /** apps/api src/convert/quotes.ts `quoteSwap`. */
  const quoteSwap = async (from: TokenId, to: TokenId, amount: bigint) => {
    const tokenIn = routerToken(from);
    const tokenOut = routerToken(to);
    if (same(tokenIn, tokenOut) || amount <= 0n) throw new HttpError(400, NO_ROUTE);
    const hubs = [p.dex.weth, usdToken].filter(
      (hub): hub is Address => hub !== undefined && !same(hub, tokenIn) && !same(hub, tokenOut),
    );
    let best: { path: Address[]; hops: Hop[]; out: bigint } | undefined;
    for (const path of [[tokenIn, tokenOut], ...hubs.map((hub) => [tokenIn, hub, tokenOut])]) {
      const hops: Hop[] = [];
      for (let i = 0; i + 1 < path.length; i++) {
        const hop = await readHop(path[i] as Address, path[i + 1] as Address);
        if (!hop) break;
        hops.push(hop);
      }
      if (hops.length !== path.length - 1) continue;
      let out = amount;
      for (const hop of hops) out = getAmountOut(out, hop.reserveIn, hop.reserveOut);
      if (out > 0n && (!best || out > best.out)) best = { path, hops, out };
    }
    if (!best) throw new HttpError(400, NO_ROUTE);
    const amounts = await p.client
      .readContract({
        address: p.dex.router,
        abi: swapRouterAbi,
        functionName: "getAmountsOut",
        args: [amount, best.path],
      })
      .catch(() => undefined);
    const amountOut = amounts?.at(-1) ?? 0n;
    if (amountOut <= 0n) throw new HttpError(400, NO_ROUTE);
    const last = best.path.length - 1;
    return {
      path: best.path,
      amountOut,
      quote: {
        fromAmount: amount.toString(),
        fromAccount: formatTokenId(p.chainId, from.address),
        toAmount: amountOut.toString(),
        toAccount: formatTokenId(p.chainId, to.address),
        priceImpact: priceImpactPercent(amount, amountOut, best.hops),
        fee: lpFee(amount, best.hops.length).toString(),
        route: best.path.map((address, index) =>
          formatTokenId(
            p.chainId,
            (index === 0 && from.native) || (index === last && to.native) ? SWAP_NATIVE_ADDRESS : address,
          ),
        ),
      },
    };
  };

  const gasFor = async (tx: { from: Address; to: Address; data: Hex; value: bigint }, estimate: boolean) => {
    if (!estimate) return DEFAULT_SWAP_GAS;
    try {
      return await p.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value });
    } catch (error) {
      throw new HttpError(400, describeRevert(error));
    }
  };

  const routes: Record<string, (q: URLSearchParams, body: Record<string, unknown>) => Promise<unknown>> = {
    "GET /v1/supported-chains": async () => ({ http: state.supportedChains, ws: [] }),
    "GET /v1/convert/tokens": async (q) => {
      const chainId = chainField(q.get("chainId") ?? undefined);
      if (!supported(chainId)) throw new HttpError(400, SWAPS_NOT_SUPPORTED);
      return {
        tokens: [
          {
            symbol: "ETH",
            name: "Ether",
            decimals: 18,
            address: formatTokenId(chainId, SWAP_NATIVE_ADDRESS),
            logoUri: "",
          },
          ...tokens.map((t) => ({
            name: t.name,
            symbol: t.symbol,
            address: formatTokenId(chainId, t.address),
            decimals: t.decimals,
            logoUri: "",
          })),
        ],
      };
    },
    "GET /v1/convert/quotes": async (q) => {
      baseUnitsField("query", q.get("amount") ?? undefined, "amount");
      const amount = BigInt(q.get("amount") as string);
      addressField("query", q.get("userAddress") ?? undefined, "userAddress");
      const from = tokenField("query", q.get("from") ?? undefined, "from");
      const to = tokenField("query", q.get("to") ?? undefined, "to");
      const gasPrice = q.get("gasPrice");
      if (gasPrice !== null) textField("query", gasPrice, "gasPrice", 78);
      swapChain(from, to);
      return { quotes: [(await quoteSwap(from, to, amount)).quote] };
    },
    "GET /v1/convert/allowance": async (q) => {
      const token = tokenField("query", q.get("tokenAddress") ?? undefined, "tokenAddress");
      const user = addressField("query", q.get("userAddress") ?? undefined, "userAddress");
      swapChain(token);
      if (token.native) return { allowance: maxUint256.toString() };
      const allowance = await p.client
        .readContract({ address: token.address, abi: erc20Abi, functionName: "allowance", args: [user, p.dex.router] })
        .catch(() => {
          throw new HttpError(400, "This token's allowance cannot be read");
        });
      return { allowance: allowance.toString() };
    },
    "GET /v1/convert/gas-price": async (q) => {
      const chainId = chainField(q.get("chainId") ?? undefined);
      if (!supported(chainId) || state.failGasPrice) throw new HttpError(400, GAS_PRICE_NOT_SUPPORTED);
      const standard = await p.client.getGasPrice();
      return {
        standard: standard.toString(),
        fast: ((standard * 110n) / 100n).toString(),
        instant: ((standard * 125n) / 100n).toString(),
      };
    },
    "GET /v1/convert/build-approve": async (q) => {
      const user = addressField("query", q.get("userAddress") ?? undefined, "userAddress");
      const from = tokenField("query", q.get("from") ?? undefined, "from");
      const to = tokenField("query", q.get("to") ?? undefined, "to");
      const amount = q.has("amount") ? baseUnitsField("query", q.get("amount"), "amount") : undefined;
      swapChain(from, to);
      if (from.native) throw new HttpError(400, "Native ETH needs no approval");
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [p.dex.router, amount ?? maxUint256],
      });
      const [gas, gasPrice] = await Promise.all([
        p.client.estimateGas({ account: user, to: from.address, data }).catch(() => DEFAULT_APPROVE_GAS),
        p.client.getGasPrice(),
      ]);
      return {
        tx: {
          from: user,
          to: from.address,
          data,
          value: "0",
          eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
        },
      };
    },
    "POST /v1/convert/build-transaction": async (_q, body) => {
      builds.push(body);
      const amount = baseUnitsField("body", body.amount, "amount");
      const eip155 = body.eip155 as { slippage?: unknown } | undefined;
      const slippage = parseSlippage(textField("body", eip155?.slippage, "slippage", 10, "eip155.slippage"));
      if (slippage === undefined)
        throw invalid(
          "body",
          "eip155.slippage",
          "slippage must be a percent from 0.01 to 50 (at most two decimals), e.g. 0.5",
        );
      const from = tokenField("body", body.from, "from");
      const to = tokenField("body", body.to, "to");
      const user = addressField("body", body.userAddress, "userAddress");
      if (body.disableEstimate !== undefined && typeof body.disableEstimate !== "boolean")
        throw invalid("body", "disableEstimate", "Invalid input: expected boolean");
      if (failBuild) {
        const f = failBuild;
        failBuild = undefined;
        throw new HttpError(f.status, f.message);
      }
      swapChain(from, to);
      const priced = await quoteSwap(from, to, amount);
      const amountOutMin = (priced.amountOut * (10_000n - slippage)) / 10_000n;
      const deadline = (await p.client.getBlock()).timestamp + DEADLINE_SECONDS;
      const data = from.native
        ? encodeFunctionData({
            abi: swapRouterAbi,
            functionName: "swapExactETHForTokens",
            args: [amountOutMin, priced.path, user, deadline],
          })
        : encodeFunctionData({
            abi: swapRouterAbi,
            functionName: to.native ? "swapExactTokensForETH" : "swapExactTokensForTokens",
            args: [amount, amountOutMin, priced.path, user, deadline],
          });
      const tx = { from: user, to: p.dex.router, data, value: from.native ? amount : 0n };
      const [gas, gasPrice] = await Promise.all([gasFor(tx, body.disableEstimate !== true), p.client.getGasPrice()]);
      const hook = beforeBuildAnswer;
      beforeBuildAnswer = undefined;
      await hook?.();
      return {
        tx: { ...tx, value: tx.value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } },
      };
    },
    "POST /v1/fungible/price": async (_q, body) => {
      if (state.failPrices)
        throw new HttpError(503, "Prices cannot be read from the chain right now; try again shortly");
      const addresses = Array.isArray(body.addresses) ? (body.addresses as unknown[]).map(String) : [];
      const all = [
        { name: "Ether", symbol: "ETH", address: formatTokenId(p.chainId, SWAP_NATIVE_ADDRESS) },
        ...tokens.map((t) => ({ name: t.name, symbol: t.symbol, address: formatTokenId(p.chainId, t.address) })),
      ];
      return {
        fungibles: addresses
          .filter((a) => state.prices.has(a.toLowerCase()))
          .map((a) => {
            const t = all.find((x) => same(x.address, a));
            return {
              name: t?.name ?? "",
              symbol: t?.symbol ?? "",
              iconUrl: "",
              price: state.prices.get(a.toLowerCase()) as number,
              address: a,
            };
          }),
      };
    },
  };

  const send = sendJson;

  const server = createServer(async (req, res) => {
    // CORS as the API's @fastify/cors answers a page's origin.
    if (answerCors(req, res)) return;
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const route = routes[`${req.method} ${url.pathname}`];
    try {
      if (!route) throw new HttpError(404, `Route not found: ${req.method} ${url.pathname}`);
      let body: Record<string, unknown> = {};
      if (req.method === "POST") {
        try {
          body = JSON.parse((await readBody(req)) || "null") ?? {};
        } catch {
          throw new HttpError(400, "The body is not valid JSON");
        }
      }
      send(res, 200, await route(url.searchParams, body));
    } catch (error) {
      const status = error instanceof HttpError ? error.statusCode : 500;
      const message = error instanceof HttpError ? error.message : "The server could not answer this request";
      send(res, status, { statusCode: status, error: message, message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    builds,
    get supportedChains() {
      return state.supportedChains;
    },
    set supportedChains(v) {
      state.supportedChains = v;
    },
    prices: state.prices,
    get failPrices() {
      return state.failPrices;
    },
    set failPrices(v) {
      state.failPrices = v;
    },
    get failGasPrice() {
      return state.failGasPrice;
    },
    set failGasPrice(v) {
      state.failGasPrice = v;
    },
    failNextBuild(status, message) {
      failBuild = { status, message };
    },
    beforeNextBuildAnswer(hook) {
      beforeBuildAnswer = hook;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
