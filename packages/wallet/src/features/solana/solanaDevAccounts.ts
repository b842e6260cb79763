import type { CaipNetwork } from "../../core/network.js";

/**
 * The local Solana RPC's genesis hash (`@fundament/solana-local`, `npm start`): base58 of sha256("fundament solana
 * local genesis"), the same on every start — so its network, `solana:CKzSJtA56Nm5gFMGL4L9eQoRjRjsT9Fs`, is as fixed as
 * anvil's chain 31337. A test checks it against the RPC.
 */
export const SOLANA_LOCAL_GENESIS_HASH = "CKzSJtA56Nm5gFMGL4L9eQoRjRjsT9FstQuPsWmQg55E";

/** The CAIP-2 id of the local Solana network. */
export const SOLANA_LOCAL_ID = `solana:${SOLANA_LOCAL_GENESIS_HASH.slice(0, 32)}`;

/**
 * The local Solana RPC's ten funded dev accounts (1,000 SOL and 100,000 mUSDC each), as `npm start` prints them: the
 * ed25519 seed of account i is sha256("fundament solana dev account " + i). Public and well known, like anvil's;
 * a test checks them against the RPC's.
 */
export const SOLANA_DEV_ACCOUNT_ADDRESSES: readonly string[] = [
  "66f9BaD8Ny697ZuvcNsPYw2TW97xYDxEp2wybydqi3gh",
  "HjEu7LpnBKhjagm4dmzJhWeWrc874s6uYhJKbHgckGW8",
  "BG3XfDiNQivrgFN58Cm94wqi9chXnkkqvXoWs1Pb9G1c",
  "EYuZZ6FStJNFmw6CvhYwyPFsWFzSkF8LwJQvKEwkUSnJ",
  "NHy8GqNGpbpkg4SyH1ypH27XENuzT2WjKFrgGXKQXBb",
  "4aAvR6e3BUmZiqJbn9x6dkzJYttjPHnZs9EGqL8o7WUe",
  "2uEzvkCTQoRzCTS5rrF4XobrJA1Zkm8QdTthdvUEzx15",
  "DyWWmWTXvMyak4pdKCwPkmBQ53VR4kmy3Ym8M7Za6Bg9",
  "5J3yCDb6y1Yfe5rsKGbe7JXw1oJaGuy1mWo4WTy9rSRJ",
  "7E6JUdA3U5bRjmG8pvLGXTTPp3aYxbx5SmD18MKygt7M",
];

/** The dev accounts' wallet as the Connect view lists it. */
export const SOLANA_DEV_WALLET_NAME = "Dev accounts (Solana Local)";

/** Its connector id (`solana:` + its name, as every Wallet Standard wallet's). */
export const SOLANA_DEV_CONNECTOR_ID = `solana:${SOLANA_DEV_WALLET_NAME}`;

/** Whether a network is the local Solana RPC's: the only one where the Solana dev accounts are offered. */
export function isSolanaLocalNetwork(network: Pick<CaipNetwork, "caipNetworkId">): boolean {
  return network.caipNetworkId === SOLANA_LOCAL_ID;
}
