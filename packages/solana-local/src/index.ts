/** The local Solana JSON-RPC (LiteSVM): real Solana transactions executed in-process, behind the RPC's shapes. */
import { getBase58Decoder } from "@solana/kit";
import { runGenesis } from "./genesis.js";
import { genesisHashBytes } from "./keys.js";
import { Ledger } from "./ledger.js";
import { SOLANA_LOCAL_METHODS } from "./methods.js";
import { listen } from "./server.js";

export { SUBSCRIPTION_METHODS } from "./subscriptions.js";
export { SOLANA_LOCAL_METHODS };

/** A running local Solana RPC. */
export type SolanaLocal = {
  /** http://127.0.0.1:<port> — JSON-RPC 2.0 over POST (and GET / → a small status). */
  url: string;
  /** ws://127.0.0.1:<port> — the subscriptions (signature, slot, root, account, logs) on the same port. */
  wsUrl: string;
  /** 10 funded dev accounts, 1,000 SOL each; secretKey is the 64-byte ed25519 keypair (seed + public key). */
  accounts: { address: string; secretKey: Uint8Array }[];
  /** The SPL token; each dev account holds 100,000 mUSDC. */
  mint: { address: string; symbol: "mUSDC"; decimals: 6 };
  /** Base58 genesis hash; the CAIP-2 chain id is `solana:` + its first 32 characters. */
  genesisHash: string;
  /** Stop listening and close open connections. */
  stop(): Promise<void>;
};

/** Start a fresh chain (same dev accounts and mint every time) and serve its JSON-RPC. Port 0 picks a free port. */
export async function startSolanaLocal(options: { port?: number; host?: string } = {}): Promise<SolanaLocal> {
  const ledger = new Ledger();
  const genesis = await runGenesis(ledger);
  const genesisHash = getBase58Decoder().decode(genesisHashBytes());
  const { url, wsUrl, close } = await listen(
    { ledger, genesis, genesisHash },
    { port: options.port ?? 0, host: options.host ?? "127.0.0.1" },
  );
  let stopped: Promise<void> | undefined;
  return {
    url,
    wsUrl,
    accounts: genesis.accounts.map((account) => ({ address: account.address, secretKey: account.secretKey.slice() })),
    mint: genesis.mint,
    genesisHash,
    stop() {
      stopped ??= close();
      return stopped;
    },
  };
}
