import { describe, expect, it } from "vitest";
import {
  ENTER_AMOUNT,
  formatTokenAmount,
  INVALID_AMOUNT,
  type InvestCheckInput,
  investButtonLabel,
  investSteps,
  NOT_CONNECTED,
  needsApproval,
  POOL_NOT_OPEN,
  parseAmount,
  validateInvest,
} from "./invest.helpers";

const ready: InvestCheckInput = {
  amount: "250",
  isConnected: true,
  wrongNetwork: false,
  chainName: "Local chain (anvil)",
  acceptsDeposits: true,
  poolStatus: "open",
  emergencyState: false,
  isWhitelisted: true,
  decimals: 6,
  symbol: "mUSDC",
  minimum: 100_000_000n,
  balance: 1_000_000_000n,
};

describe("parseAmount", () => {
  it.each([
    ["250", 250_000_000n],
    ["1,250.5", 1_250_500_000n],
    [" 0.000001 ", 1n],
    ["0", null],
    ["", null],
    [".", null],
    ["1.0000001", null],
    ["-5", null],
    ["1e3", null],
    ["abc", null],
  ])("%j → %s", (text, units) => {
    expect(parseAmount(text, 6)).toBe(units);
  });
});

describe("validateInvest: clear errors before any wallet prompt, in the order a person fixes them", () => {
  it("passes a valid investment", () => {
    expect(validateInvest(ready)).toBeNull();
  });

  it.each<[string, Partial<InvestCheckInput>, string]>([
    ["no wallet", { isConnected: false, isWhitelisted: undefined }, NOT_CONNECTED],
    ["wrong network", { wrongNetwork: true }, "Switch your wallet to Local chain (anvil) first."],
    [
      "emergency",
      { emergencyState: true, acceptsDeposits: false },
      "The fund is in an emergency state: deposits and lockups are paused.",
    ],
    [
      "locked pool",
      { poolStatus: "locked", acceptsDeposits: false },
      "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
    ],
    ["settled pool", { poolStatus: "settled", acceptsDeposits: false }, POOL_NOT_OPEN],
    [
      "not whitelisted",
      { isWhitelisted: false },
      "This wallet is not whitelisted to invest. Ask the fund's admin to whitelist it.",
    ],
    [
      "unwithdrawn settled payout",
      { unwithdrawn: { amount: 1_080_000_000n, round: 2 } },
      "Withdraw your payout of 1,080 mUSDC from round 2 first: a settled payout waiting in this vault must be withdrawn before you invest in it again.",
    ],
    ["empty amount", { amount: "  " }, ENTER_AMOUNT],
    ["not a number", { amount: "12abc" }, INVALID_AMOUNT],
    ["below minimum", { amount: "99.99" }, "The minimum investment is 100 mUSDC."],
    ["above balance", { amount: "1000.01" }, "Your token balance is too low for that amount."],
  ])("%s", (_, change, message) => {
    expect(validateInvest({ ...ready, ...change })).toBe(message);
  });

  it("reports the wallet before anything else", () => {
    expect(validateInvest({ ...ready, isConnected: false, poolStatus: "locked", amount: "" })).toBe(NOT_CONNECTED);
  });

  it("accepts exactly the minimum and exactly the balance", () => {
    expect(validateInvest({ ...ready, amount: "100" })).toBeNull();
    expect(validateInvest({ ...ready, amount: "1000" })).toBeNull();
  });
});

describe("the two steps", () => {
  it("needs the approval unless the allowance covers the amount", () => {
    expect(needsApproval(undefined, 5n)).toBe(true);
    expect(needsApproval(4n, 5n)).toBe(true);
    expect(needsApproval(5n, 5n)).toBe(false);
    expect(needsApproval(10n, null)).toBe(true);
  });

  const states = (...args: Parameters<typeof investSteps>) =>
    investSteps(...args).map((s) => `${s.number} ${s.label}: ${s.state}`);

  it("walks approve → invest → done", () => {
    expect(states("idle", true)).toEqual(["1 Approve: upcoming", "2 Invest: upcoming"]);
    expect(states("checking", true)).toEqual(["1 Approve: upcoming", "2 Invest: upcoming"]);
    expect(states("approving", true)).toEqual(["1 Approve: active", "2 Invest: upcoming"]);
    expect(states("investing", true)).toEqual(["1 Approve: done", "2 Invest: active"]);
    expect(states("success", true)).toEqual(["1 Approve: done", "2 Invest: done"]);
  });

  it("skips the approval when the allowance covers the amount", () => {
    expect(states("investing", false)).toEqual(["1 Approve: skipped", "2 Invest: active"]);
    expect(states("success", false)).toEqual(["1 Approve: skipped", "2 Invest: done"]);
  });

  it("marks the step that failed", () => {
    expect(states("error", true, "approve")).toEqual(["1 Approve: failed", "2 Invest: upcoming"]);
    expect(states("error", true, "invest")).toEqual(["1 Approve: done", "2 Invest: failed"]);
  });

  it("labels the button by phase", () => {
    expect(investButtonLabel("idle", true)).toBe("Approve and invest");
    expect(investButtonLabel("idle", false)).toBe("Invest");
    expect(investButtonLabel("approving", true)).toBe("Approving…");
    expect(investButtonLabel("investing", true)).toBe("Investing…");
  });

  it("formats token amounts", () => {
    expect(formatTokenAmount(1_250_500_000n, 6, "mUSDC")).toBe("1,250.5 mUSDC");
  });
});
