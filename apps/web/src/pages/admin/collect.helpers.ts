import type { Address } from "viem";

/**
 * The call a trading wallet makes before its funds can be collected, on the investment token: `approve(fund, amount)`
 * with the amount in token units (the token's smallest unit: 6 decimals for mUSDC, so 1 mUSDC is 1000000).
 */
export function approveCall(fund: Address, units: bigint): string {
  return `approve(${fund}, ${units.toString()})`;
}

/** Anvil's chain id: its dev accounts (and any it impersonates) send without a key. */
export const LOCAL_CHAIN_ID = 31_337;

export type ApproveCastCommandParameters = {
  /** The investment token (the contract called). */
  token: Address;
  /** The fund (the spender). */
  fund: Address;
  /** The amount in the token's smallest units (what the command sends). */
  units: bigint;
  /** The trading wallet that signs (`--from`). */
  wallet: Address;
  /** The app's RPC URL (`--rpc-url`): the command talks to the chain the app reads. */
  rpcUrl: string;
  /** The app's chain: on the local anvil chain the wallet is unlocked, elsewhere cast asks for its private key. */
  chainId: number;
};

/**
 * The same call with Foundry's `cast`, complete so that it runs as pasted: the token, the signature, the fund and the
 * amount in units, the app's RPC URL and the trading wallet as sender. On a public chain `--interactive` has cast ask
 * for that wallet's private key (and refuse a key of another wallet); on the local anvil chain `--unlocked` sends from
 * the wallet as anvil holds it.
 */
export function approveCastCommand({
  token,
  fund,
  units,
  wallet,
  rpcUrl,
  chainId,
}: ApproveCastCommandParameters): string {
  const signer = chainId === LOCAL_CHAIN_ID ? "--unlocked" : "--interactive";
  return `cast send ${token} "approve(address,uint256)" ${fund} ${units.toString()} --rpc-url ${rpcUrl} --from ${wallet} ${signer}`;
}

/** Where a trading wallet stands in returning its funds: nothing approved yet, part of them, or all it holds. */
export type ApprovalState = "waiting" | "partial" | "ready";

/** `waiting` until the wallet approves the fund; `partial` while it approved less than it was sent; else `ready`. */
export function approvalState({ allowance, sent }: { allowance: bigint; sent: bigint }): ApprovalState {
  if (allowance === 0n) return "waiting";
  return allowance < sent ? "partial" : "ready";
}

/**
 * A trading wallet's row once something came back from it: `collected` when nothing is left to pull (its approval is
 * used up or it holds nothing more), `more` while more can be collected, `none` before anything came back.
 */
export function collectRowState({
  collectedFrom,
  collectable,
}: {
  collectedFrom: bigint;
  collectable: bigint;
}): "none" | "more" | "collected" {
  if (collectedFrom === 0n) return "none";
  return collectable === 0n ? "collected" : "more";
}
