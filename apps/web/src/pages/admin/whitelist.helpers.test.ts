import { describe, expect, it } from "vitest";
import { approvalState, approveCall, approveCastCommand } from "./collect.helpers";
import { filterWhitelist, whitelistActionProblem } from "./whitelist.helpers";

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

describe("collecting returns", () => {
  const fund = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
  it("gives the trading wallet the exact approve call, in token units", () => {
    expect(approveCall(fund, 9_943_580_000n)).toBe("approve(0x5FbDB2315678afecb367f032d93F642f64180aa3, 9943580000)");
    expect(approveCastCommand(token, fund, 1n)).toBe(
      'cast send 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512 "approve(address,uint256)" 0x5FbDB2315678afecb367f032d93F642f64180aa3 1',
    );
  });

  it("tells a wallet that has not approved from one that approved part or all of what it was sent", () => {
    expect(approvalState({ allowance: 0n, sent: 10n })).toBe("waiting");
    expect(approvalState({ allowance: 5n, sent: 10n })).toBe("partial");
    expect(approvalState({ allowance: 11n, sent: 10n })).toBe("ready");
  });
});
