import { describe, expect, it } from "vitest";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { VAULTS, vaultById } from "../vaults/vaults.js";
import { proposalStateFromEnum } from "./getProposals.js";
import { poolStatus, poolStatusFromState } from "./poolStatus.js";

describe("enum mappings", () => {
  it("maps the contract's PoolState enum", () => {
    expect([0, 1, 2, 3].map(poolStatusFromState)).toEqual(["none", "open", "locked", "settled"]);
    expect(() => poolStatusFromState(4)).toThrow(RangeError);
    expect([poolStatus(false), poolStatus(true)]).toEqual(["open", "locked"]);
  });

  it("maps the contract's ProposalState enum", () => {
    expect([0, 1, 2, 3].map(proposalStateFromEnum)).toEqual(["active", "defeated", "succeeded", "executed"]);
    expect(() => proposalStateFromEnum(-1)).toThrow(RangeError);
  });
});

describe("vaults", () => {
  it("gives the spec's two vaults their on-chain vault ids and first pools", () => {
    expect(VAULTS.map((v) => [v.id, v.vaultId, v.onChainId])).toEqual([
      ["futures-trading-vault", 1, 1],
      ["nft-vault", 2, 2],
    ]);
    expect(vaultById(2)).toBe(VAULTS[1]);
  });

  it("gives a vault created later a generic entry named from the chain", () => {
    expect(vaultById(3, "Options vault")).toMatchObject({
      id: "vault-3",
      vaultId: 3,
      name: "Options vault",
      performance: null,
      yield: 0,
      riskFactor: 0,
    });
    expect(vaultById(4).name).toBe("Vault 4");
  });

  it("takes vault ids from 1 up", () => {
    expect([vaultIdArg(1), vaultIdArg(2n), vaultIdArg(" 3 ")]).toEqual([1n, 2n, 3n]);
    for (const bad of [0, -1, 1.5, "x", ""]) expect(() => vaultIdArg(bad as never)).toThrow("Choose a vault.");
  });
});
