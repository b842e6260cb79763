import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { type Address, createKeyPairSignerFromBytes, getAddressDecoder, type KeyPairSigner } from "@solana/kit";

/** A deterministic ed25519 key: the 64-byte secret key (seed + public key) Solana tools use, and its address. */
export type DevKey = { address: Address; secretKey: Uint8Array };

const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The ed25519 key whose 32-byte seed is sha256(label): the same address on every start. */
export function deriveKey(label: string): DevKey {
  const seed = createHash("sha256").update(label).digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const spki = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32));
  const secretKey = new Uint8Array(64);
  secretKey.set(seed, 0);
  secretKey.set(publicKey, 32);
  return { address: getAddressDecoder().decode(publicKey), secretKey };
}

/** The i-th funded dev account's key (sha256("fundament solana dev account " + i) as the seed). */
export function devAccountKey(index: number): DevKey {
  return deriveKey(`fundament solana dev account ${index}`);
}

/** The faucet: pays for the genesis set-up and requestAirdrop, and is the mUSDC mint authority. */
export const FAUCET_LABEL = "fundament solana faucet";

/** The mUSDC mint's keypair label. */
export const MINT_LABEL = "fundament solana mUSDC mint";

/** A @solana/kit signer for a derived key. */
export function signerFor(key: DevKey): Promise<KeyPairSigner> {
  return createKeyPairSignerFromBytes(key.secretKey);
}

/** The genesis hash: sha256 of a fixed label, base58 — so the CAIP-2 chain id is stable across starts. */
export function genesisHashBytes(): Uint8Array {
  return new Uint8Array(createHash("sha256").update("fundament solana local genesis").digest());
}
