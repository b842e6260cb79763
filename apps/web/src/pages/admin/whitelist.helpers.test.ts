import { describe, expect, it } from "vitest";
import {
  filterWhitelist,
  nameResolutionProblem,
  parseWhitelistTarget,
  whitelistActionProblem,
} from "./whitelist.helpers";

const members = [
  { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
  { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" },
];

describe("the whitelist", () => {
  it("is searched by any part of an address, ignoring case and 0x", () => {
    expect(filterWhitelist(members, "")).toEqual(members);
    expect(filterWhitelist(members, "  3c44cd ")).toEqual([members[1]]);
    expect(filterWhitelist(members, "0x7099")).toEqual([members[0]]);
    expect(filterWhitelist(members, "0X70997970c51812dc3a010c7d01b50e0d17dc79c8")).toEqual([members[0]]);
    expect(filterWhitelist(members, "zz")).toEqual([]);
  });

  it("says in admin terms, before any prompt, when an address is already listed or not listed", () => {
    expect(whitelistActionProblem("add", "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", members)).toBe(
      "0x7099…79C8 is already on the whitelist.",
    );
    expect(whitelistActionProblem("remove", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", members)).toBeNull();
    expect(whitelistActionProblem("remove", "0x976EA74026E726554dB657fA54763abd0C3a0aa9", members)).toBe(
      "0x976E…0aa9 is not on the whitelist: there is nothing to remove.",
    );
    expect(whitelistActionProblem("add", "0x976EA74026E726554dB657fA54763abd0C3a0aa9", members)).toBeNull();
  });
});

describe("the whitelist's input", () => {
  it("takes a 0x address in any case, or a name in the fund's zone, and says why anything else is neither", () => {
    expect(parseWhitelistTarget("  ", "fundament")).toEqual({ kind: "empty" });
    expect(parseWhitelistTarget(" 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 ", "fundament")).toEqual({
      kind: "address",
      address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    });
    expect(parseWhitelistTarget("Alice.Fundament", "fundament")).toEqual({ kind: "name", name: "alice.fundament" });
    expect(parseWhitelistTarget("0x1234", "fundament")).toEqual({
      kind: "invalid",
      message: "Enter a valid wallet address: 0x followed by 40 hexadecimal characters.",
    });
    expect(parseWhitelistTarget("alice.eth", "fundament")).toEqual({
      kind: "invalid",
      message: "Only names ending in .fundament resolve here: enter that name, or the investor's 0x address.",
    });
    expect(parseWhitelistTarget("alice", "fundament")).toEqual({
      kind: "invalid",
      message: "Enter the investor's 0x address or their name ending in .fundament (for example alice.fundament).",
    });
  });

  it("says in words why a name did not resolve", () => {
    expect(
      nameResolutionProblem("bob.fundament", { status: 404, message: "Name bob.fundament is not registered" }),
    ).toBe("bob.fundament is not a registered name: check its spelling, or ask the investor for their address.");
    expect(nameResolutionProblem("bob.fundament", { status: 0, message: "Error resolving name" })).toBe(
      "bob.fundament could not be looked up: the fund's names service did not answer. Try again.",
    );
    expect(nameResolutionProblem("bob.fundament", { message: "bob.fundament has no address on this network" })).toBe(
      "bob.fundament has no wallet address on this network.",
    );
  });
});
