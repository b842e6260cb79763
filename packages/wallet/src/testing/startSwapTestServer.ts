import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";

/** The parts of Uniswap V2 Router02 and the factory the stand-in reads and encodes. */
const routerAbi = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
const factoryAbi = parseAbi(["function getPair(address, address) view returns (address)"]);

const NATIVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

export type SwapTestToken = { address: Address; symbol: string; name: string; decimals: number };

export type SwapTestServer = {
  url: string;
  stop(): Promise<void>;
  /** Every request, `METHOD /path?query`. */
  requests: string[];
  /** Bodies of `POST /v1/convert/build-transaction`. */
  builds: unknown[];
  /** The chains `/v1/supported-chains` lists (CAIP-2). */
  supportedChains: string[];
  /** USD prices by lowercased CAIP-10 id (`POST /v1/fungible/price`). */
  prices: Map<string, number>;
  /** `POST /v1/fungible/price` answers 500 while true. */
  failPrices: boolean;
  /** `/v1/convert/gas-price` answers 400 'Network not supported for Gas Price' while true. */
  failGasPrice: boolean;
  /** Makes the next build-transaction answer this status and sentence. */
  failNextBuild(status: number, message: string): void;
};

/**
 * A small HTTP server speaking the API's convert and price routes as the issue 14 contract describes them, on a real
 * chain with Uniswap V2 (deployed by scripts/deploy.mjs): quotes from Router02's `getAmountsOut`, allowance read from
 * the token, and real Router02 / ERC-20 approve calldata, so a swap the wallet sends really executes on anvil. For the
 * wallet's component tests; the API's own tests and the e2e journey prove the real routes.
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
  const state = {
    supportedChains: [`eip155:${p.chainId}`],
    prices: new Map<string, number>(),
    failPrices: false,
    failGasPrice: false,
  };
  const caip = (address: string) => `eip155:${p.chainId}:${address}`;
  const tokenList = [
    { name: "Ether", symbol: "ETH", address: caip(NATIVE), decimals: 18, logoUri: "" },
    ...p.tokens.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      address: caip(t.address),
      decimals: t.decimals,
      logoUri: "",
    })),
  ];
  const usdc = p.tokens[0]?.address as Address;

  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { statusCode: status, error: "Bad Request", message });
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => resolve(data));
    });
  const tokenOf = (id: string | null): Address | "native" | undefined => {
    if (!id) return undefined;
    const address = id.split(":").at(-1)?.toLowerCase();
    if (!address) return undefined;
    if (address === NATIVE) return "native";
    return getAddress(address);
  };
  const onChain = (t: Address | "native") => (t === "native" ? p.dex.weth : t);
  const pathOf = async (from: Address | "native", to: Address | "native"): Promise<Address[]> => {
    const a = onChain(from);
    const b = onChain(to);
    const pair = await p.client.readContract({
      address: p.dex.factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [a, b],
    });
    if (pair !== zeroAddress) return [a, b];
    return [a, usdc, b];
  };
  const quote = async (from: Address | "native", to: Address | "native", amount: bigint) => {
    const path = await pathOf(from, to);
    const amounts = await p.client.readContract({
      address: p.dex.router,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [amount, path],
    });
    const out = amounts.at(-1) as bigint;
    // Price impact against a tiny trade's price (fee included in both, so it cancels).
    const small = amount / 100_000n > 0n ? amount / 100_000n : 1n;
    const smallOut = (
      await p.client.readContract({
        address: p.dex.router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [small, path],
      })
    ).at(-1) as bigint;
    const ideal = (smallOut * amount) / small;
    const impactBps = ideal > 0n ? ((ideal - out) * 10_000n) / ideal : 0n;
    const hops = BigInt(path.length - 1);
    return {
      path,
      out,
      priceImpact: (Number(impactBps) / 100).toFixed(2),
      fee: ((amount * 3n * hops) / 1000n).toString(),
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const q = url.searchParams;
    try {
      if (req.method === "GET" && url.pathname === "/v1/supported-chains")
        return json(res, 200, { http: state.supportedChains, ws: [] });
      if (req.method === "GET" && url.pathname === "/v1/convert/tokens") {
        const chain = q.get("chainId") ?? "";
        const id = chain.includes(":") ? chain : `eip155:${chain}`;
        if (!state.supportedChains.includes(id)) return fail(res, 400, "Network not supported for Swaps");
        return json(res, 200, { tokens: tokenList });
      }
      if (req.method === "GET" && url.pathname === "/v1/convert/gas-price") {
        if (state.failGasPrice) return fail(res, 400, "Network not supported for Gas Price");
        const gasPrice = (await p.client.getGasPrice()).toString();
        return json(res, 200, { standard: gasPrice, fast: gasPrice, instant: gasPrice });
      }
      if (req.method === "GET" && url.pathname === "/v1/convert/quotes") {
        const from = tokenOf(q.get("from"));
        const to = tokenOf(q.get("to"));
        const amount = BigInt(q.get("amount") ?? "0");
        if (!from || !to || amount <= 0n) return fail(res, 400, "Invalid quote request");
        const r = await quote(from, to, amount);
        return json(res, 200, {
          quotes: [
            {
              fromAmount: amount.toString(),
              fromAccount: q.get("from"),
              toAmount: r.out.toString(),
              toAccount: q.get("to"),
              priceImpact: r.priceImpact,
              fee: r.fee,
              route: r.path.map((a) => caip(a)),
            },
          ],
        });
      }
      if (req.method === "GET" && url.pathname === "/v1/convert/allowance") {
        const token = tokenOf(q.get("tokenAddress"));
        const user = q.get("userAddress") as Address;
        if (token === "native") return json(res, 200, { allowance: maxUint256.toString() });
        if (!token) return fail(res, 400, "Invalid token");
        const allowance = await p.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "allowance",
          args: [user, p.dex.router],
        });
        return json(res, 200, { allowance: allowance.toString() });
      }
      if (req.method === "GET" && url.pathname === "/v1/convert/build-approve") {
        const token = tokenOf(q.get("from"));
        if (!token || token === "native") return fail(res, 400, "Native tokens need no approval");
        const data = encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [p.dex.router, BigInt(q.get("amount") ?? "0")],
        });
        return json(res, 200, {
          tx: { from: q.get("userAddress"), to: token, data, value: "0", eip155: { gas: "100000", gasPrice: "0" } },
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/convert/build-transaction") {
        const body = JSON.parse(await readBody(req)) as {
          amount: string;
          eip155: { slippage: string };
          from: string;
          to: string;
          userAddress: Address;
        };
        builds.push(body);
        if (failBuild) {
          const f = failBuild;
          failBuild = undefined;
          return fail(res, f.status, f.message);
        }
        const from = tokenOf(body.from);
        const to = tokenOf(body.to);
        if (!from || !to) return fail(res, 400, "Invalid swap request");
        const amount = BigInt(body.amount);
        const r = await quote(from, to, amount);
        const bps = BigInt(Math.round(Number(body.eip155.slippage) * 100));
        const amountOutMin = (r.out * (10_000n - bps)) / 10_000n;
        const deadline = BigInt(Math.floor(Date.now() / 1000) + 20 * 60);
        let data: Hex;
        if (from === "native")
          data = encodeFunctionData({
            abi: routerAbi,
            functionName: "swapExactETHForTokens",
            args: [amountOutMin, r.path, body.userAddress, deadline],
          });
        else if (to === "native")
          data = encodeFunctionData({
            abi: routerAbi,
            functionName: "swapExactTokensForETH",
            args: [amount, amountOutMin, r.path, body.userAddress, deadline],
          });
        else
          data = encodeFunctionData({
            abi: routerAbi,
            functionName: "swapExactTokensForTokens",
            args: [amount, amountOutMin, r.path, body.userAddress, deadline],
          });
        const value = from === "native" ? amount : 0n;
        let gas: bigint;
        try {
          gas = await p.client.estimateGas({ account: body.userAddress, to: p.dex.router, data, value });
        } catch (e) {
          const text = String((e as { shortMessage?: string }).shortMessage ?? e);
          return fail(
            res,
            400,
            text.includes("INSUFFICIENT_OUTPUT_AMOUNT") ? "The price moved more than your slippage allows" : text,
          );
        }
        return json(res, 200, {
          tx: {
            from: body.userAddress,
            to: p.dex.router,
            data,
            value: value.toString(),
            eip155: { gas: ((gas * 12n) / 10n).toString(), gasPrice: (await p.client.getGasPrice()).toString() },
          },
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/fungible/price") {
        if (state.failPrices) return fail(res, 500, "Prices unavailable");
        const body = JSON.parse(await readBody(req)) as { addresses: string[] };
        const fungibles = body.addresses
          .filter((a) => state.prices.has(a.toLowerCase()))
          .map((a) => {
            const t = tokenList.find((x) => x.address.toLowerCase() === a.toLowerCase());
            return {
              name: t?.name ?? "",
              symbol: t?.symbol ?? "",
              iconUrl: "",
              price: state.prices.get(a.toLowerCase()) as number,
              address: a,
            };
          });
        return json(res, 200, { fungibles });
      }
      return fail(res, 404, "Not found");
    } catch (e) {
      return fail(res, 500, String((e as Error).message));
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
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
