import {
  type Address,
  type Chain,
  type Client,
  type EIP1193RequestFn,
  erc20Abi,
  formatUnits,
  fromHex,
  numberToHex,
} from "viem";
import { getBalance, multicall } from "viem/actions";
import type { TokenBalance } from "../../core/createWalletState.js";

/** A token the app lists for a chain (the multicall fallback looks these up). */
export type TokenListEntry = { address: Address; name?: string; symbol?: string; decimals?: number; iconUrl?: string };

/** One asset of an EIP-7811 `wallet_getAssets` answer (spec: asset discovery response). */
export type DiscoveredAsset = {
  address: Address | "native";
  balance: `0x${string}`;
  type: "ERC20" | "NATIVE" | string;
  metadata?: { name?: string; symbol?: string; decimals?: number; price?: number; iconUrl?: string; value?: number };
};

export type GetBalancesParameters = {
  /** Any viem client for the chain (the tree-shakable actions are used: no public-actions decorator needed). */
  client: Client;
  chain: Chain;
  address: Address;
  /** The wallet's EIP-1193 request function: when the wallet has the asset capability, it is asked first. */
  walletRequest?: EIP1193RequestFn | undefined;
  /** Per-chain token list for the fallback. */
  tokens?: readonly TokenListEntry[] | undefined;
};

export type GetBalancesReturnType = { source: "wallet" | "multicall"; balances: TokenBalance[] };

function toTokenBalance(p: {
  chainId: number;
  address: Address | undefined;
  name: string;
  symbol: string;
  decimals: number;
  raw: bigint;
  price?: number | undefined;
  iconUrl?: string | undefined;
}): TokenBalance {
  const numeric = formatUnits(p.raw, p.decimals);
  const price = p.price ?? 0;
  return {
    name: p.name,
    symbol: p.symbol,
    chainId: `eip155:${p.chainId}`,
    address: p.address ? `eip155:${p.chainId}:${p.address}` : undefined,
    value: price * Number(numeric),
    price,
    quantity: { decimals: String(p.decimals), numeric },
    iconUrl: p.iconUrl ?? "",
  };
}

/** Whether the wallet says it supports asset discovery (EIP-5792 capabilities, EIP-7811 `assetDiscovery`). */
async function walletHasAssetDiscovery(request: EIP1193RequestFn, address: Address, chainId: number) {
  try {
    // viem's EIP-1193 typing knows neither wallet_getCapabilities with a chain filter nor wallet_getAssets (EIP-7811).
    const capabilities = (await request({
      method: "wallet_getCapabilities",
      params: [address, [numberToHex(chainId)]],
    } as never)) as Record<string, Record<string, { supported?: boolean }>> | undefined;
    const perChain = capabilities?.[numberToHex(chainId)] ?? capabilities?.["0x0"];
    return Boolean(perChain?.assetDiscovery?.supported);
  } catch {
    return false;
  }
}

/**
 * Native and token balances. Asks the wallet (`wallet_getAssets`, EIP-7811) when it has the asset capability; else
 * reads the native balance and the chain's token list with one multicall (deployless, so chains without a
 * Multicall3 deployment such as anvil work). Tokens with zero decimals are dropped.
 */
export async function getBalances(p: GetBalancesParameters): Promise<GetBalancesReturnType> {
  const chainId = p.chain.id;
  if (p.walletRequest && (await walletHasAssetDiscovery(p.walletRequest, p.address, chainId))) {
    // (As above: wallet_getAssets is not in viem's request types.)
    const answer = (await p.walletRequest({
      method: "wallet_getAssets",
      params: [{ account: p.address, chainFilter: [numberToHex(chainId)] }],
    } as never)) as Record<string, DiscoveredAsset[]>;
    const assets = answer[numberToHex(chainId)] ?? [];
    const balances = assets
      .map((asset) => {
        const isNative = asset.type === "NATIVE" || asset.address === "native";
        const decimals = asset.metadata?.decimals ?? (isNative ? p.chain.nativeCurrency.decimals : 0);
        return toTokenBalance({
          chainId,
          address: isNative ? undefined : (asset.address as Address),
          name: asset.metadata?.name ?? (isNative ? p.chain.nativeCurrency.name : ""),
          symbol: asset.metadata?.symbol ?? (isNative ? p.chain.nativeCurrency.symbol : ""),
          decimals,
          raw: fromHex(asset.balance, "bigint"),
          price: asset.metadata?.price,
          iconUrl: asset.metadata?.iconUrl,
        });
      })
      .filter((b) => b.quantity.decimals !== "0");
    return { source: "wallet", balances };
  }

  const tokens = p.tokens ?? [];
  const [native, results] = await Promise.all([
    getBalance(p.client, { address: p.address }),
    tokens.length === 0
      ? Promise.resolve([])
      : multicall(p.client, {
          deployless: true,
          allowFailure: true,
          contracts: tokens.flatMap((t) => [
            { address: t.address, abi: erc20Abi, functionName: "balanceOf", args: [p.address] } as const,
            { address: t.address, abi: erc20Abi, functionName: "decimals" } as const,
            { address: t.address, abi: erc20Abi, functionName: "symbol" } as const,
            { address: t.address, abi: erc20Abi, functionName: "name" } as const,
          ]),
        }),
  ]);
  const balances: TokenBalance[] = [
    toTokenBalance({
      chainId,
      address: undefined,
      name: p.chain.nativeCurrency.name,
      symbol: p.chain.nativeCurrency.symbol,
      decimals: p.chain.nativeCurrency.decimals,
      raw: native,
    }),
  ];
  tokens.forEach((token, i) => {
    const [balance, decimals, symbol, name] = results.slice(i * 4, i * 4 + 4);
    if (balance?.status !== "success") return;
    const d = token.decimals ?? (decimals?.status === "success" ? Number(decimals.result) : 0);
    if (d === 0) return;
    balances.push(
      toTokenBalance({
        chainId,
        address: token.address,
        name: token.name ?? (name?.status === "success" ? String(name.result) : ""),
        symbol: token.symbol ?? (symbol?.status === "success" ? String(symbol.result) : ""),
        decimals: d,
        raw: balance.result as bigint,
        iconUrl: token.iconUrl,
      }),
    );
  });
  return { source: "multicall", balances };
}
