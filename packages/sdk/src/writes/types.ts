import type { Account, Chain, Client, Hash, Transport, WalletClient } from "viem";
import type { Deployment } from "../deployment/deployment.js";

/** What every action returns (spec section 4): on error the hash is null and success false. */
export type WriteResult = { hash: Hash | null; success: boolean; message: string };

/** What every write needs: where the fund is, a client to read and simulate with, and the user's wallet. */
export type WriteContext = {
  deployment: Deployment;
  publicClient: Client<Transport, Chain | undefined>;
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>;
  /** Called with the hash as soon as the wallet has sent the transaction (pending state, explorer link). */
  onSubmitted?: (hash: Hash) => void;
  /** Wait for the receipt and report a reverted transaction (default true). */
  waitForReceipt?: boolean;
};
