import type { Address } from "viem";
import type { AccountType } from "../../core/createWalletState.js";

/** Where smart accounts live on one chain: an ERC-4337 SimpleAccountFactory (v0.8) and its EntryPoint. */
export type SmartAccountChainConfig = {
  /** SimpleAccountFactory: the owner's account is `getAddress(owner, 0)`. */
  factory: Address;
  entryPoint: Address;
};

/** The `smartAccount` option of the wallet layer: per chain id, and what the app says about an account. */
export type SmartAccountConfig = {
  chains: Record<number, SmartAccountChainConfig>;
  /**
   * What the app needs the person to know about the smart account (e.g. that it still needs whitelisting), or null.
   * Called with the smart account's address; the wallet layer shows the text under it.
   */
  notice?: ((address: Address, chainId: number) => Promise<string | null>) | undefined;
  /**
   * Moves what the smart account holds back to its owner (which tokens, and how the operation is paid, are the
   * app's: e.g. a user operation its paymaster sponsors). When given, the smart-account section offers "Move to my
   * wallet" and shows the returned message. It should not throw; a thrown error is shown as its message.
   */
  moveToOwner?: ((address: Address, chainId: number) => Promise<SmartAccountMoveResult>) | undefined;
  /**
   * Who pays the smart account's gas, as the app knows it (e.g. its paymaster's remaining budget for the account).
   * When given, the smart-account section says "Gas sponsored by {sponsor}: X ETH left" or "Gas not sponsored:
   * {reason}." beside the account's ETH balance and the "Add ETH for gas" action. It may throw; the error is shown.
   */
  sponsorship?: ((address: Address, chainId: number) => Promise<SmartAccountSponsorship>) | undefined;
};

/** What `sponsorship` reports: gas paid by a sponsor with `remaining` wei left for the account, or not, and why. */
export type SmartAccountSponsorship =
  | { sponsored: true; sponsor: string; remaining: bigint }
  | { sponsored: false; reason: string };

/** What `moveToOwner` reports, in words for the person. */
export type SmartAccountMoveResult = { success: boolean; message: string };

/** The smart account of the connected owner on the active chain. */
export type SmartAccountInfo = {
  address: Address;
  /** `smartAccountDeployed` (spec): false until its first user operation deploys it. */
  deployed: boolean;
  owner: Address;
  chainId: number;
};

export type { AccountType };
