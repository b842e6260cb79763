/**
 * The key scheme: the private key is split with Shamir's secret sharing, 2 of 3 (`shamir-secret-sharing`, Privy's
 * audited implementation). The device share stays in this origin's localStorage, the auth share goes to the API
 * (released only to a logged-in session on an approved device), the recovery share is a file the person keeps. Any two
 * give the key; one alone gives nothing, so the server can never sign.
 */
import { combine, split } from "shamir-secret-sharing";
import { type Address, bytesToHex, type Hex, hexToBytes, isAddressEqual } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";

export const RECOVERY_FILE_VERSION = 1;
export const RECOVERY_FILE_KIND = "fundament-embedded-wallet-recovery";

export type KeyShares = { deviceShare: string; authShare: string; recoveryShare: string };
export type RecoveryFile = {
  kind: typeof RECOVERY_FILE_KIND;
  version: number;
  address: Address;
  recoveryShare: string;
};

/** A share that does not rebuild the wallet's key (a wrong or damaged file, or a share of another wallet). */
export class ShareMismatchError extends Error {
  override name = "ShareMismatchError";
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A new key and its three shares (base64). The caller keeps the key in memory only. */
export async function createKeyShares(privateKey: Hex = generatePrivateKey()): Promise<{
  privateKey: Hex;
  address: Address;
  shares: KeyShares;
}> {
  const [device, auth, recovery] = await split(hexToBytes(privateKey), 3, 2);
  if (!device || !auth || !recovery) throw new Error("Splitting the key failed");
  return {
    privateKey,
    address: privateKeyToAddress(privateKey),
    shares: {
      deviceShare: bytesToBase64(device),
      authShare: bytesToBase64(auth),
      recoveryShare: bytesToBase64(recovery),
    },
  };
}

/**
 * Rebuilds the key from two shares and checks it against the wallet's address: Shamir combination of unrelated shares
 * does not fail, it yields a different key, so the address check is what tells a wrong share apart.
 */
export async function combineKeyShares(first: string, second: string, expectedAddress: Address): Promise<Hex> {
  let key: Hex;
  try {
    const a = base64ToBytes(first);
    const b = base64ToBytes(second);
    if (a.length !== 33 || b.length !== 33) throw new Error("share length");
    key = bytesToHex(await combine([a, b]));
  } catch {
    throw new ShareMismatchError("These key shares do not belong together.");
  }
  let address: Address;
  try {
    address = privateKeyToAddress(key);
  } catch {
    throw new ShareMismatchError("These key shares do not belong together.");
  }
  if (!isAddressEqual(address, expectedAddress)) {
    throw new ShareMismatchError("These key shares do not belong to this wallet.");
  }
  return key;
}

/** `fundament-recovery-0x1234…abcd.json` style name: short enough to read, distinct per wallet. */
export function recoveryFileName(address: Address): string {
  return `fundament-recovery-${address.slice(0, 6)}-${address.slice(-4)}.json`.toLowerCase();
}

export function serializeRecoveryFile(address: Address, recoveryShare: string): string {
  const file: RecoveryFile = { kind: RECOVERY_FILE_KIND, version: RECOVERY_FILE_VERSION, address, recoveryShare };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export const NOT_A_RECOVERY_FILE =
  "This is not a Fundament recovery file. Choose the file you saved when you created your wallet.";

export function parseRecoveryFile(text: string): RecoveryFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ShareMismatchError(NOT_A_RECOVERY_FILE);
  }
  const file = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (
    file.kind !== RECOVERY_FILE_KIND ||
    file.version !== RECOVERY_FILE_VERSION ||
    typeof file.address !== "string" ||
    !/^0x[0-9a-fA-F]{40}$/.test(file.address) ||
    typeof file.recoveryShare !== "string"
  ) {
    throw new ShareMismatchError(NOT_A_RECOVERY_FILE);
  }
  return file as RecoveryFile;
}
