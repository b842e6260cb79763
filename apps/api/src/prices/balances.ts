import { type Address, erc20Abi, formatUnits } from "viem";
import { formatChainId, formatTokenId } from "../chain/caip.js";
import type { DexChain } from "../convert/dex.js";
import { balanceTokens, type Pricer } from "./prices.js";

/** One line of `GET /v1/account/:address/balance` (spec §3 Token balance; `address` absent for the native token). */
export type TokenBalance = {
  name: string;
  symbol: string;
  chainId: string;
  address?: string;
  value: number;
  price: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
};

/**
 * The account's non-zero balances of native ETH and the deployment's tokens, each with its USD price and
 * `value = quantity × price` (0 for both when a token has no price).
 */
export async function readBalances(
  chain: DexChain,
  pricer: Pricer,
  account: Address,
  force: boolean,
): Promise<TokenBalance[]> {
  const tokens = balanceTokens(chain);
  const amounts = await Promise.all(
    tokens.map((token) =>
      token.native
        ? chain.client.getBalance({ address: account })
        : chain.client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [account],
          }),
    ),
  );
  const lines: TokenBalance[] = [];
  for (const [index, token] of tokens.entries()) {
    const amount = amounts[index] ?? 0n;
    if (amount === 0n) continue;
    const price = (await pricer.price(chain, token, force))?.price ?? 0;
    const numeric = formatUnits(amount, token.meta.decimals);
    lines.push({
      name: token.meta.name,
      symbol: token.meta.symbol,
      chainId: formatChainId(chain.chainId),
      ...(token.native ? {} : { address: formatTokenId(chain.chainId, token.address) }),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(token.meta.decimals), numeric },
      iconUrl: "",
    });
  }
  return lines;
}
