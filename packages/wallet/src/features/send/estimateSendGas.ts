import { type Address, encodeFunctionData, erc20Abi } from "viem";

/** Gas assumed when the node cannot estimate: a plain transfer, and an ERC-20 `transfer` to a new holder. */
export const FALLBACK_GAS = { native: 21_000n, token: 65_000n } as const;

export type EstimateSendGasParameters = {
  /** The node's `eth_estimateGas` for a transaction (e.g. wagmi's `estimateGas` bound to the config). */
  estimate: (tx: { account: Address; to: Address; value?: bigint; data?: `0x${string}` }) => Promise<bigint>;
  account: Address;
  receiver: Address;
  amount: bigint;
  /** The token's contract; omitted for the native token. */
  token?: Address | undefined;
};

/**
 * The gas the send will use, for the insufficient-gas check: the node's estimate for this very transaction (a
 * native transfer, or the token's `transfer(receiver, amount)`), else a typical figure when it cannot estimate
 * (e.g. the amount is more than the balance, which the form reports on its own).
 */
export async function estimateSendGas(p: EstimateSendGasParameters): Promise<bigint> {
  try {
    return p.token
      ? await p.estimate({
          account: p.account,
          to: p.token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [p.receiver, p.amount] }),
        })
      : await p.estimate({ account: p.account, to: p.receiver, value: p.amount });
  } catch {
    return p.token ? FALLBACK_GAS.token : FALLBACK_GAS.native;
  }
}
