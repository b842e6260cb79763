import { type Address, type Client, erc20Abi } from "viem";
import { getBalance, readContract } from "viem/actions";

/** A token balance in base units, with the token's decimals. */
export type RawTokenBalance = { raw: bigint; decimals: number };

/**
 * The balance of one token of an account, read from the chain: the native balance when `contract` is empty, else
 * the ERC-20's `balanceOf` (and `decimals`). The Buy view polls it until a purchase arrives.
 */
export async function readTokenBalance(p: {
  client: Client;
  account: Address;
  contract?: string | undefined;
}): Promise<RawTokenBalance> {
  if (!p.contract) return { raw: await getBalance(p.client, { address: p.account }), decimals: 18 };
  const address = p.contract as Address;
  const [raw, decimals] = await Promise.all([
    readContract(p.client, { address, abi: erc20Abi, functionName: "balanceOf", args: [p.account] }),
    readContract(p.client, { address, abi: erc20Abi, functionName: "decimals" }),
  ]);
  return { raw, decimals };
}
