import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";
import { formatSignedTokenAmount, percentOf } from "./format";
import { findVault, vaultPath } from "./vaultRoutes";

const vaults = [
  { id: "futures-trading-vault", vaultId: 1 },
  { id: "nft-vault", vaultId: 2 },
  { id: "vault-3", vaultId: 3 },
];

describe("vault routes", () => {
  it("keeps the spec's ids for the two vaults and uses the on-chain id for the others", () => {
    expect(vaults.map(vaultPath)).toEqual(["/vaults/futures-trading-vault", "/vaults/nft-vault", "/vaults/3"]);
  });

  it("finds a vault by its id or its on-chain vault id", () => {
    expect(findVault(vaults, "nft-vault")?.vaultId).toBe(2);
    expect(findVault(vaults, "1")?.id).toBe("futures-trading-vault");
    expect(findVault(vaults, "3")?.id).toBe("vault-3");
    expect(findVault(vaults, "vault-3")?.vaultId).toBe(3);
    expect(findVault(vaults, "4")).toBeUndefined();
    expect(findVault(vaults, "1e0")).toBeUndefined();
    expect(findVault(vaults, undefined)).toBeUndefined();
  });
});

describe("amounts and CSV cells", () => {
  it("signs gains and losses", () => {
    expect(formatSignedTokenAmount(1_250_500_000n, 6, "mUSDC")).toBe("+1,250.5 mUSDC");
    expect(formatSignedTokenAmount(-300_000_000n, 6, "mUSDC")).toBe("−300 mUSDC");
    expect(formatSignedTokenAmount(0n, 6, "mUSDC")).toBe("0 mUSDC");
    expect(percentOf(1n, 3n)).toBe("33.33%");
    expect(percentOf(1n, 0n)).toBe("0%");
  });

  it("keeps negative figures as numbers and defuses formulas", () => {
    expect(csvCell("-99.5")).toBe("-99.5");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});
