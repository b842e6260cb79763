import { describe, expect, it } from "vitest";
import {
  confirmAmount,
  emergencyEffect,
  lockupEffect,
  lossEffect,
  removeWalletEffect,
  revokeAdminEffect,
  settlementEffect,
  settlementFinality,
  splitByAllocation,
} from "./effects.helpers";

const token = { decimals: 6, symbol: "mUSDC" };
const u = (whole: number) => BigInt(Math.round(whole * 1_000_000));

describe("the effect of each irreversible admin action, in tokens", () => {
  it("writes amounts to two decimals, keeping the precision of one that would round to 0", () => {
    expect(confirmAmount(16_572_640_001n, token)).toBe("16,572.64 mUSDC");
    expect(confirmAmount(0n, token)).toBe("0 mUSDC");
    expect(confirmAmount(1n, token)).toBe("0.000001 mUSDC");
    expect(confirmAmount(10_000n, token)).toBe("0.01 mUSDC");
  });

  it("splits a lockup by allocation, the rounding dust to the last wallet", () => {
    expect(splitByAllocation(1_000n, [6_000, 4_000])).toEqual([600n, 400n]);
    expect(splitByAllocation(1_001n, [3_333, 3_333, 3_334])).toEqual([333n, 333n, 335n]);
    expect(splitByAllocation(5n, [])).toEqual([]);
  });

  it("states a lockup: what goes to how many wallets, which round, for how long", () => {
    expect(lockupEffect({ amount: 16_572_640_001n, wallets: 1, round: 3, lockupSeconds: 2_592_000n, token })).toBe(
      "Send 16,572.64 mUSDC to 1 trading wallet and lock round 3 for 30 days.",
    );
    expect(lockupEffect({ amount: u(2_000), wallets: 2, round: 1, lockupSeconds: 604_800n, token })).toBe(
      "Send 2,000 mUSDC to 2 trading wallets and lock round 1 for 7 days.",
    );
  });

  it("states a settlement: the investors' profit after the fund's share, break-even, or the loss", () => {
    const base = { principal: u(2_000), round: 1, fundProfitBps: 2_000n, token };
    expect(settlementEffect({ ...base, returned: u(2_500) })).toBe(
      "Settle round 1 with 2,500 mUSDC returned: its investors get 2,400 mUSDC (2,000 mUSDC put in and 400 mUSDC profit) and the fund 100 mUSDC (20% of the profit); round 2 opens.",
    );
    expect(settlementEffect({ ...base, returned: u(2_000) })).toBe(
      "Settle round 1 with 2,000 mUSDC returned: its investors get their 2,000 mUSDC back, with no profit and no loss; round 2 opens.",
    );
    expect(settlementEffect({ ...base, returned: 0n })).toBe(
      "Settle round 1 with 0 mUSDC returned: a loss of 2,000 mUSDC (100%) for its investors, who put in 2,000 mUSDC; round 2 opens.",
    );
  });

  it("states a loss in tokens and per cent for its second confirmation", () => {
    expect(lossEffect({ principal: u(2_000), returned: u(1_500), round: 1, token })).toEqual({
      question: "Settle round 1 at a loss of 500 mUSDC (25%)?",
      detail:
        "Its investors put in 2,000 mUSDC and get back 1,500 mUSDC, shared pro rata; the fund takes no share. This cannot be undone.",
    });
    expect(lossEffect({ principal: u(3), returned: u(2), round: 4, token }).question).toBe(
      "Settle round 4 at a loss of 1 mUSDC (33.33%)?",
    );
    // With a challenge window the loss is only proposed: a veto can still undo it.
    expect(lossEffect({ principal: u(2_000), returned: u(1_500), round: 1, token, challengeWindow: 86_400 })).toEqual({
      question: "Settle round 1 at a loss of 500 mUSDC (25%)?",
      detail: "Its investors put in 2,000 mUSDC and get back 1,500 mUSDC, shared pro rata; the fund takes no share.",
    });
  });

  it("says when a settlement is final: at once, or after the vault's challenge window unless vetoed", () => {
    expect(settlementFinality({ round: 1, challengeWindow: 0 })).toBe(
      "This cannot be undone: the round's positions are priced from this total.",
    );
    expect(settlementFinality({ round: 3, challengeWindow: 86_400 })).toBe(
      "It is proposed first: it becomes final 24 hours after it is sent (anyone can then make it final, and round 4 opens), unless a guardian or an admin vetoes it before. Once final, it cannot be undone: the round's positions are priced from this total.",
    );
    expect(settlementFinality({ round: 1, challengeWindow: 3 * 86_400 })).toMatch(
      /^It is proposed first: it becomes final 3 days after/,
    );
  });

  it("states a trading wallet's removal: its share of the open round in tokens, and what the rest add up to", () => {
    const wallet = {
      walletType: "Futures",
      walletAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      allocation: 6_000,
      index: 0,
    };
    expect(
      removeWalletEffect({
        wallet,
        vaultName: "Crypto futures trading vault",
        round: 3,
        deposits: u(10_000),
        allocations: [6_000, 4_000],
        token,
      }),
    ).toEqual({
      effect:
        "Remove trading wallet Futures (0x7099…79C8) from the Crypto futures trading vault: at the next lockup it receives nothing instead of 60% (6,000 mUSDC of round 3's 10,000 mUSDC so far).",
      detail: "The remaining wallets add up to 40%; they must add up to 100% before the next lockup.",
    });
  });

  it("states a revocation, and warns when it is one's own", () => {
    const admin = { name: "Admin 2", address: "0x976EA74026E726554dB657fA54763abd0C3a0aa9" };
    expect(revokeAdminEffect({ ...admin, self: false }).effect).toBe("Revoke the admin role of Admin 2 (0x976E…0aa9).");
    expect(revokeAdminEffect({ ...admin, self: true })).toEqual({
      effect: "Revoke the admin role of Admin 2 (0x976E…0aa9), your own wallet.",
      detail:
        "You lose access to this page and every admin action at once; only another admin can grant the role back.",
    });
  });

  it("states the emergency state's effect on the tokens in open and locked rounds", () => {
    const holdings = { open: u(12_500.5), locked: u(9_000), lockedRounds: 1, vaults: 2 };
    expect(emergencyEffect({ turnOn: true, holdings, token })).toEqual({
      effect:
        "Turn the emergency state on for all 2 vaults: investors can take the 12,500.5 mUSDC in open rounds out at once.",
      detail:
        "Deposits and lockups stop until it is turned off. The 9,000 mUSDC with the traders in 1 locked round stays there until it settles (early settlement is allowed).",
    });
    expect(emergencyEffect({ turnOn: false, holdings, token }).effect).toBe(
      "Turn the emergency state off: deposits and lockups resume in all 2 vaults.",
    );
  });
});
