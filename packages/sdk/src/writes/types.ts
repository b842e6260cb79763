import type { Account, Chain, Client, Hash, Transport, WalletClient } from "viem";
import type { Deployment } from "../deployment/deployment.js";
import type { WriteFailureKind } from "../errors.js";
import type { GasPayment } from "../smartAccount/userOperationCost.js";

/**
 * What every action returns (spec section 4): on error the hash is null and success false. Beside the spec's message,
 * `kind` says why it failed (see `WriteFailureKind`), so a caller can tell a refusal from a network failure without
 * reading the text; null when it succeeded.
 */
export type WriteResult = { hash: Hash | null; success: boolean; message: string; kind: WriteFailureKind | null };

/** What every write needs: where the fund is, a client to read and simulate with, and the user's wallet. */
export type WriteContext = {
  deployment: Deployment;
  publicClient: Client<Transport, Chain | undefined>;
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>;
  /** Called with the hash as soon as the wallet has sent the transaction (pending state, explorer link). */
  onSubmitted?: (hash: Hash) => void;
  /** Wait for the receipt and report a reverted transaction (default true). */
  waitForReceipt?: boolean;
  /**
   * Send the write from the wallet owner's smart account as an ERC-4337 user operation (gas paid by the fund's
   * paymaster) instead of a transaction from the wallet's own account. Undefined: the wallet's account sends.
   */
  smartAccount?: SmartAccountSender | undefined;
};

/** How a write goes through the owner's smart account (see `sendSmartAccountCalls`). */
export type SmartAccountSender = {
  /** The ERC-4337 bundler's JSON-RPC URL; default the deployment's `bundlerUrl`. */
  bundlerUrl?: string | undefined;
  /** The bundler's transport (tests); default `http(bundlerUrl)`. */
  bundlerTransport?: Transport | undefined;
  /** Called with the user operation's hash once the bundler accepted it (before it is mined). */
  onUserOperationSubmitted?: ((userOpHash: Hash) => void) | undefined;
  /**
   * Called before the prompt with who pays the gas: the fund's paymaster (`sponsored`), or the smart account's own
   * ETH (`selfPaid`: the fund does not sponsor it, e.g. it left the whitelist or used its budget up).
   */
  onGasPayment?: ((payment: GasPayment) => void) | undefined;
};
