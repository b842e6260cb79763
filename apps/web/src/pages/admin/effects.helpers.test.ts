import { describe, expect, it } from "vitest";
import {
  confirmAmount,
  emergencyEffect,
  lockupEffect,
  lossEffect,
  type RoundFeeTerms,
  removeWalletEffect,
  revokeAdminEffect,
  roundFees,
  settlementEffect,
  settlementFeeLines,
  settlementFeePreview,
  settlementFinality,
  splitByAllocation,
} from "./effects.helpers";

const token = { decimals: 6, symbol: "mUSDC" };
const u = (whole: number) => BigInt(Math.round(whole * 1_000_000));

const PRICE = 10n ** 18n;
const DAY = 86_400n;
const START = 1_700_000_000n;

/**
 * A round of 2,000 mUSDC locked for 73 days (a fifth of a year) at `startSharePrice` (1.0), against a vault's mark of
 * 1.0; locked at `managementFeeBps` (0) a year and 20 % of profit, the vault's rates now `vault` (the same).
 */
function roundTerms({
  managementFeeBps = 0,
  startSharePrice = PRICE,
  vault,
  settledAt = START + 73n * DAY,
}: {
  managementFeeBps?: number;
  startSharePrice?: bigint;
  vault?: { managementFeeBps: number; performanceFeeBps: number };
  settledAt?: bigint;
} = {}): RoundFeeTerms {
  const locked = { managementFeeBps, performanceFeeBps: 2_000 };
  return {
    principal: u(2_000),
    totalShares: (u(2_000) * PRICE) / startSharePrice,
    startSharePrice,
    lockupStartTime: START,
    lockupEndTime: START + 73n * DAY,
    lockedFeeRates: locked,
    vaultFees: { ...(vault ?? locked), highWaterMark: PRICE },
    settledAt,
  };
}

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

  it("states a settlement: the investors' profit after the fund's two fees, break-even, or the loss", () => {
    const base = { principal: u(2_000), round: 1, token };
    const at = (returned: bigint, terms = roundTerms()) => ({ ...base, returned, fees: roundFees(terms, returned) });
    // A new vault's rates (0 % a year, 20 % of profit) and a round that starts at the mark: 20 % of the profit.
    expect(settlementEffect(at(u(2_500)))).toBe(
      "Settle round 1 with 2,500 mUSDC returned: its investors get 2,400 mUSDC (2,000 mUSDC put in and 400 mUSDC profit) and the fund 100 mUSDC in fees (management fee 0 mUSDC, performance fee 100 mUSDC); round 2 opens.",
    );
    expect(settlementEffect(at(u(2_000)))).toBe(
      "Settle round 1 with 2,000 mUSDC returned: its investors get their 2,000 mUSDC back, with no profit and no loss; round 2 opens.",
    );
    expect(settlementEffect(at(0n))).toBe(
      "Settle round 1 with 0 mUSDC returned: a loss of 2,000 mUSDC (100%) for its investors, who put in 2,000 mUSDC; round 2 opens.",
    );
    // 1 % a year for 73 days (a fifth of a year) of 2,000: 4 mUSDC, charged first, at a profit, at par and at a loss;
    // the performance fee is 20 % of what is left above the principal.
    const managed = roundTerms({ managementFeeBps: 100 });
    expect(settlementEffect(at(u(2_500), managed))).toBe(
      "Settle round 1 with 2,500 mUSDC returned: its investors get 2,396.8 mUSDC (2,000 mUSDC put in and 396.8 mUSDC profit) and the fund 103.2 mUSDC in fees (management fee 4 mUSDC, performance fee 99.2 mUSDC); round 2 opens.",
    );
    expect(settlementEffect(at(u(2_002), managed))).toBe(
      "Settle round 1 with 2,002 mUSDC returned: its investors get 1,998 mUSDC (2,000 mUSDC put in, 2 mUSDC less after the fees) and the fund 4 mUSDC in fees (management fee 4 mUSDC, performance fee 0 mUSDC); round 2 opens.",
    );
    expect(settlementEffect(at(u(2_000), managed))).toBe(
      "Settle round 1 with 2,000 mUSDC returned: its investors get 1,996 mUSDC of their 2,000 mUSDC back (no profit; the fund's management fee is 4 mUSDC); round 2 opens.",
    );
    expect(settlementEffect(at(u(1_500), managed))).toBe(
      "Settle round 1 with 1,500 mUSDC returned: a loss of 500 mUSDC (25%) for its investors, who put in 2,000 mUSDC, and the fund's management fee of 4 mUSDC: they get 1,496 mUSDC; round 2 opens.",
    );
  });

  it("explains the fees: each with its rate, the mark above the round's start price, the rates a round keeps", () => {
    const plain = roundTerms();
    expect(settlementFeeLines(plain, roundFees(plain, u(2_500)), token)).toEqual([
      "Management fee: none (0% a year).",
      "Performance fee: 100 mUSDC, 20% of the profit above the high-water mark.",
    ]);
    expect(settlementFeePreview(roundFees(plain, u(2_500)), token)).toBe(
      "At this total the fund charges a management fee of 0 mUSDC and a performance fee of 100 mUSDC; its investors get 2,400 mUSDC.",
    );
    // After a loss the round starts at 0.9 a share, below the vault's mark of 1.0: the 2,222.22 its 2,222.22 shares are
    // worth at the mark pay no performance fee, only what is above it.
    const below = roundTerms({ startSharePrice: (PRICE / 10n) * 9n });
    const recovered = roundFees(below, u(2_500));
    expect(recovered.performanceFee).toBe(55_555_555n);
    expect(settlementFeeLines(below, recovered, token)).toEqual([
      "Management fee: none (0% a year).",
      "Performance fee: 55.56 mUSDC, 20% of the profit above the high-water mark.",
      "The high-water mark (1.0000 per share) is above this round's start price (0.9000 per share): its recovery up to 2,222.22 mUSDC wins back an earlier loss and pays no performance fee.",
    ]);
    expect(roundFees(below, u(2_200)).performanceFee).toBe(0n);
    // Raised after the lock: the round keeps its rates; cut after the lock: the cut applies to it.
    const raised = roundTerms({ vault: { managementFeeBps: 100, performanceFeeBps: 3_000 } });
    expect(roundFees(raised, u(2_500)).rates).toEqual({ managementFeeBps: 0, performanceFeeBps: 2_000 });
    expect(settlementFeeLines(raised, roundFees(raised, u(2_500)), token).at(-1)).toBe(
      "This round keeps the rates it was locked at: the vault's raised fees apply to rounds locked after the raise.",
    );
    const cut = roundTerms({ managementFeeBps: 100, vault: { managementFeeBps: 50, performanceFeeBps: 1_000 } });
    expect(settlementFeeLines(cut, roundFees(cut, u(2_500)), token)).toEqual([
      "Management fee: 2 mUSDC, 0.5% a year of the principal for the 73 days the round was locked.",
      "Performance fee: 49.8 mUSDC, 10% of the profit above the high-water mark.",
    ]);
    // Settled early (an emergency): the management fee counts only the time it was locked.
    const early = roundTerms({ managementFeeBps: 100, settledAt: START + (73n * DAY) / 2n });
    expect(roundFees(early, u(2_000)).managementFee).toBe(u(2));
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
    // A management fee is charged at a loss too; a performance fee never is.
    expect(
      lossEffect({
        principal: u(2_000),
        returned: u(1_500),
        round: 1,
        token,
        challengeWindow: 86_400,
        managementFee: u(4),
      }).detail,
    ).toBe(
      "Its investors put in 2,000 mUSDC and get back 1,496 mUSDC (1,500 mUSDC less the fund's management fee of 4 mUSDC), shared pro rata; the fund takes no performance fee.",
    );
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
