// @ts-check
/**
 * The local Solana JSON-RPC (`@fundament/solana-local`, LiteSVM) as a child process for the stack: started with
 * `node --import tsx src/main.ts` in packages/solana-local, ready once `GET /` answers, its dev accounts' keys
 * derived the way the package derives them (and checked against the addresses it prints).
 */
import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { join } from "node:path";
import { isPortFree } from "@fundament/test-chain";
import { startChildService } from "./child-service.mjs";
import { ROOT } from "./paths.mjs";

export const SOLANA_LOCAL_DIR = join(ROOT, "packages", "solana-local");

/** How many dev accounts the local Solana RPC funds. */
const DEV_ACCOUNT_COUNT = 10;

const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * Base58 (Bitcoin alphabet) of bytes: how Solana writes addresses.
 * @param {Uint8Array} bytes
 */
export function base58(bytes) {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let out = "";
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/**
 * The i-th local Solana dev account: ed25519 seed sha256("fundament solana dev account " + i), its 64-byte secret
 * key (seed + public key, as `createKeyPairSignerFromBytes` and the Solana CLI take) and its address.
 * @param {number} index
 * @returns {{ index: number, address: string, secretKey: number[] }}
 */
export function solanaDevAccount(index) {
  const seed = createHash("sha256").update(`fundament solana dev account ${index}`).digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  const publicKey = spki.subarray(spki.length - 32);
  return { index, address: base58(publicKey), secretKey: [...seed, ...publicKey] };
}

/**
 * @typedef {object} SolanaRpc
 * @property {string} url the JSON-RPC (HTTP)
 * @property {string} wsUrl the subscriptions (WebSocket, same port)
 * @property {string} genesisHash base58; the CAIP-2 chain id is `solana:` + its first 32 characters
 * @property {{ address: string, symbol: "mUSDC", decimals: 6 }} mint the SPL token every dev account holds
 * @property {{ index: number, address: string, secretKey: number[] }[]} accounts 1,000 SOL and 100,000 mUSDC each
 * @property {Promise<number | null>} exited resolves with the exit code when the process exits
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 5 s (idempotent)
 */

/**
 * Starts the local Solana RPC on host:port and resolves once `GET /` answers 200 (a fresh chain every start).
 * @param {{ host?: string, port: number, logFile?: string, timeoutMs?: number }} options
 * @returns {Promise<SolanaRpc>}
 */
export async function startSolanaRpc({ host = "127.0.0.1", port, logFile, timeoutMs = 60_000 }) {
  if (!(await isPortFree(port, host))) {
    throw new Error(`port ${host}:${port} is already in use: stop whatever listens there or set SOLANA_RPC_PORT`);
  }
  const { exited, stop, isDead, output, where } = startChildService({
    cwd: SOLANA_LOCAL_DIR,
    env: {
      SOLANA_RPC_HOST: host,
      SOLANA_RPC_PORT: String(port),
      // If this process dies without stopping it, the Solana RPC stops too instead of holding its port.
      SOLANA_RPC_EXIT_WITH_PARENT: "1",
    },
    logFile,
  });

  const url = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  /** @type {{ genesisHash?: unknown } | undefined} */
  let status;
  for (;;) {
    if (isDead()) throw new Error(`the Solana RPC exited before answering on ${url}${where()}`);
    try {
      const response = await fetch(url);
      if (response.ok) {
        status = /** @type {{ genesisHash?: unknown }} */ (await response.json());
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Solana RPC did not answer GET ${url} within ${timeoutMs / 1000} s${where()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // It prints "mUSDC mint <address>; dev accounts …" and then one address a line once it listens: the lines may
  // arrive just after the first answer.
  const lastAccount = solanaDevAccount(DEV_ACCOUNT_COUNT - 1).address;
  for (let i = 0; i < 50 && !output().includes(lastAccount) && !isDead(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const mintAddress = /mUSDC mint (\w+);/.exec(output())?.[1];
  const accounts = Array.from({ length: DEV_ACCOUNT_COUNT }, (_, i) => solanaDevAccount(i));
  const missing = accounts.find((account) => !output().includes(account.address));
  if (typeof status?.genesisHash !== "string" || !mintAddress || missing) {
    await stop();
    throw new Error(
      `the Solana RPC on ${url} did not announce its genesis hash, mint and dev accounts as expected${
        missing ? ` (dev account ${missing.index} ${missing.address} is not among them)` : ""
      }${where()}`,
    );
  }
  return {
    url,
    wsUrl: url.replace(/^http/, "ws"),
    genesisHash: status.genesisHash,
    mint: { address: mintAddress, symbol: "mUSDC", decimals: 6 },
    accounts,
    exited,
    stop,
  };
}
