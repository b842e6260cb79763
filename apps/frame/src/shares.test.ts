import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  combineKeyShares,
  createKeyShares,
  NOT_A_RECOVERY_FILE,
  parseRecoveryFile,
  recoveryFileName,
  ShareMismatchError,
  serializeRecoveryFile,
} from "./shares.js";

describe("the 2-of-3 key shares", () => {
  it("rebuilds the key and its address from any two of the three shares", async () => {
    const { privateKey, address, shares } = await createKeyShares();
    expect(address).toBe(privateKeyToAddress(privateKey));
    const { deviceShare, authShare, recoveryShare } = shares;
    for (const [a, b] of [
      [deviceShare, authShare],
      [authShare, deviceShare],
      [recoveryShare, authShare],
      [deviceShare, recoveryShare],
    ] as const) {
      expect(await combineKeyShares(a, b, address)).toBe(privateKey);
    }
  });

  it("makes three different shares, none of which is the key", async () => {
    const { privateKey, shares } = await createKeyShares();
    const all = [shares.deviceShare, shares.authShare, shares.recoveryShare];
    expect(new Set(all).size).toBe(3);
    for (const share of all) {
      expect(base64ToBytes(share)).toHaveLength(33);
      expect(bytesToBase64(base64ToBytes(share))).toBe(share);
      expect(share).not.toContain(privateKey.slice(2, 20));
    }
  });

  it("gives nothing for one share, or the same share twice", async () => {
    const { address, shares } = await createKeyShares();
    await expect(combineKeyShares(shares.authShare, shares.authShare, address)).rejects.toBeInstanceOf(
      ShareMismatchError,
    );
    await expect(combineKeyShares(shares.authShare, "", address)).rejects.toBeInstanceOf(ShareMismatchError);
  });

  it("refuses a share of another wallet (the combination would be another key)", async () => {
    const mine = await createKeyShares();
    const other = await createKeyShares();
    await expect(combineKeyShares(other.shares.recoveryShare, mine.shares.authShare, mine.address)).rejects.toThrow(
      "These key shares do not belong",
    );
  });
});

describe("the recovery file", () => {
  it("round-trips the recovery share and the address", async () => {
    const { address, shares } = await createKeyShares();
    const file = parseRecoveryFile(serializeRecoveryFile(address, shares.recoveryShare));
    expect(file).toEqual({
      kind: "fundament-embedded-wallet-recovery",
      version: 1,
      address,
      recoveryShare: shares.recoveryShare,
    });
    expect(recoveryFileName(address)).toMatch(/^fundament-recovery-0x[0-9a-f]{4}-[0-9a-f]{4}\.json$/);
  });

  it("refuses what is not a recovery file, in plain words", () => {
    for (const text of ["not json", "{}", JSON.stringify({ kind: "other", version: 1 }), "[]"]) {
      expect(() => parseRecoveryFile(text)).toThrow(NOT_A_RECOVERY_FILE);
    }
  });
});
