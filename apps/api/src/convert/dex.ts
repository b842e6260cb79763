import type { Deployment } from "@fundament/sdk";
import { type Address, getAddress, type PublicClient, parseAbi } from "viem";
import { publicClients } from "../chain/publicClients.js";
import { readTokenMetadata } from "../chain/readTokenMetadata.js";
import { HttpError } from "../http/errors.js";

/** A token the wallet lists and swaps besides native ETH (the deployment's `tokens`). */
export type DexToken = { address: Address; symbol: string; name: string; decimals: number };

/**
 * The parts of a deployment the swap and price routes read (structural, so the SDK's `Deployment` with its optional
 * `dex` and `tokens` fits it).
 */
export type DexDeployment = {
  chainId: number;
  investmentToken?: Address;
  dex?: { factory: Address; router: Address; weth: Address };
  tokens?: readonly DexToken[];
};

/** A chain where swaps work: its deployment's DEX, its token list (mUSDC first) and a public client. */
export type DexChain = {
  chainId: number;
  dex: { factory: Address; router: Address; weth: Address };
  tokens: readonly DexToken[];
  /** The token worth 1 USD (the fund's investment token, else the first listed token). */
  usdToken: DexToken | undefined;
  client: PublicClient;
};

/** The native token of every supported chain (ETH). */
export const NATIVE_TOKEN = { symbol: "ETH", name: "Ether", decimals: 18 } as const;

/** The spec's texts for an unsupported network. */
export const SWAPS_NOT_SUPPORTED = "Network not supported for Swaps";
export const GAS_PRICE_NOT_SUPPORTED = "Network not supported for Gas Price";

/** The answer while the chain's RPC does not answer (the token list cannot be read). */
export const CHAIN_UNREACHABLE = "The chain cannot be reached right now; try again shortly";

/** Router02's functions the API quotes and builds with. */
export const routerAbi = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
/** The factory's pair look-up. */
export const factoryAbi = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"]);
/** A pair's reserves and its first token. */
export const pairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
]);

/** The chains with a DEX, as `dexChains` makes them. */
export type DexChains = {
  /** The chain ids where swaps and prices work (the configured deployment's, when it has a DEX and an RPC URL). */
  supported(): Promise<number[]>;
  /** The chain, or undefined for any other chain id (or while its token list cannot be read). */
  chain(chainId: number): Promise<DexChain | undefined>;
};

/**
 * The chains with a DEX: the configured deployment when it has `dex` and an RPC URL. Its token list is the
 * deployment's `tokens` when the record has them (the local deployment file), else the investment token and
 * `SWAP_TOKENS` with their name, symbol and decimals read from the chain once (a failed read is retried on the next
 * call, not kept).
 */
/** The configuration the DEX chains need (from `Config`). */
export type DexChainsConfig = {
  deployment: Deployment | undefined;
  rpcUrls: ReadonlyMap<number, string>;
  swapTokens: readonly Address[] | undefined;
};

export function dexChains(config: DexChainsConfig): DexChains {
  const clients = publicClients(config.rpcUrls);
  let made: Promise<DexChain | undefined> | undefined;

  const build = async (): Promise<DexChain | undefined> => {
    const deployment = config.deployment as DexDeployment | undefined;
    if (!deployment?.dex) return undefined;
    const client = clients(deployment.chainId);
    if (!client) return undefined;
    const tokens = deployment.tokens?.length
      ? deployment.tokens.map((token) => ({ ...token, address: getAddress(token.address) }))
      : await readTokens(client, [deployment.investmentToken, ...(config.swapTokens ?? [])]);
    const investment = deployment.investmentToken?.toLowerCase();
    return {
      chainId: deployment.chainId,
      dex: deployment.dex,
      tokens,
      usdToken: tokens.find((token) => token.address.toLowerCase() === investment) ?? tokens[0],
      client,
    };
  };

  const chain = async (chainId: number): Promise<DexChain | undefined> => {
    if (config.deployment?.chainId !== chainId) return undefined;
    if (!made) {
      made = build().catch(() => {
        made = undefined;
        throw new HttpError(503, CHAIN_UNREACHABLE);
      });
    }
    return made;
  };

  return {
    supported: async () => {
      const id = config.deployment?.chainId;
      return id !== undefined && (await chain(id).catch(() => undefined)) ? [id] : [];
    },
    chain,
  };
}

/** Name, symbol and decimals of each distinct token address, in order (undefined entries skipped). */
async function readTokens(client: PublicClient, addresses: readonly (Address | undefined)[]): Promise<DexToken[]> {
  const unique = [...new Set(addresses.filter((a): a is Address => Boolean(a)).map((a) => getAddress(a)))];
  return Promise.all(
    unique.map(async (address) => {
      const { name, symbol, decimals } = await readTokenMetadata(client, 0, address);
      // A listed token must answer all three; a chain that does not answer is tried again on the next request.
      if (name == null || symbol == null || decimals == null) throw new Error(`${address} is not readable`);
      return { address, name, symbol, decimals };
    }),
  );
}
