import { type Address, getAddress, type PublicClient, parseAbi } from "viem";
import type { Config } from "../config.js";
import { publicClients } from "../names/publicClients.js";

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

/**
 * The chains with a DEX: the configured deployment when it has `dex` and an RPC URL. `chain(id)` answers undefined for
 * any other chain id.
 */
export function dexChains(config: Pick<Config, "deployment" | "rpcUrls">): {
  supported(): number[];
  chain(chainId: number): DexChain | undefined;
} {
  const clients = publicClients(config.rpcUrls);
  const cached = new Map<number, DexChain>();
  const chain = (chainId: number): DexChain | undefined => {
    const deployment = config.deployment as DexDeployment | undefined;
    if (!deployment?.dex || deployment.chainId !== chainId) return undefined;
    const client = clients(chainId);
    if (!client) return undefined;
    const known = cached.get(chainId);
    if (known && known.dex === deployment.dex) return known;
    const tokens = (deployment.tokens ?? []).map((token) => ({ ...token, address: getAddress(token.address) }));
    const investment = deployment.investmentToken?.toLowerCase();
    const made: DexChain = {
      chainId,
      dex: deployment.dex,
      tokens,
      usdToken: tokens.find((token) => token.address.toLowerCase() === investment) ?? tokens[0],
      client,
    };
    cached.set(chainId, made);
    return made;
  };
  return {
    supported: () => {
      const id = config.deployment?.chainId;
      return id !== undefined && chain(id) ? [id] : [];
    },
    chain,
  };
}
