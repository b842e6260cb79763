import { fundErrorTexts, type InvestPath, parseTokenAmount } from "@fundament/sdk";
import { describe, expect, it } from "vitest";
import {
  depositsClosed,
  ENTER_AMOUNT,
  formatTokenAmount,
  INVALID_AMOUNT,
  type InvestCheckInput,
  type InvestStepView,
  investActionLabel,
  investBlocker,
  investButtonLabel,
  investStatusText,
  investSteps,
  NOT_CONNECTED,
  needsApproval,
  POOL_NOT_OPEN,
  parseAmount,
  stepStateText,
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
  paused: false,
  windingDown: false,
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

describe("parseAmount: the SDK's one grammar, so what passes the widget passes the SDK", () => {
  it.each([
    [".5", 500_000n],
    ["5.", 5_000_000n],
    ["1,000.", 1_000_000_000n],
  ])("%j → %s, as parseTokenAmount reads it", (text, units) => {
    expect(parseAmount(text, 6)).toBe(units);
    expect(parseAmount(text, 6)).toBe(parseTokenAmount(text, 6));
  });

  it("lets '.5' past the amount checks (no 'Enter a valid amount')", () => {
    expect(investBlocker({ ...ready, amount: ".5", minimum: 100_000n })).toBeNull();
    expect(investBlocker({ ...ready, amount: "250." })).toBeNull();
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
      "winding down",
      { windingDown: true, acceptsDeposits: false },
      "This vault is winding down: it takes no new deposits and starts no new round. Every position can be withdrawn once its round settles.",
    ],
    [
      "paused",
      { paused: true, acceptsDeposits: false },
      "Deposits and new rounds of this vault are paused for safety. Your money can still leave: refunds and payouts stay open.",
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

  it("reports the vault's stops in order: the emergency, then a wind-down (final), then a pause, then a locked pool", () => {
    const stopped = {
      ...ready,
      acceptsDeposits: false,
      poolStatus: "locked",
      amount: "",
    } as const;
    const all = { ...stopped, emergencyState: true, windingDown: true, paused: true };
    expect(validateInvest(all)).toBe(fundErrorTexts.EmergencyActive());
    expect(validateInvest({ ...all, emergencyState: false })).toBe(fundErrorTexts.VaultWindingDown());
    expect(validateInvest({ ...all, emergencyState: false, windingDown: false })).toBe(fundErrorTexts.VaultPaused());
    expect(validateInvest({ ...all, emergencyState: false, windingDown: false, paused: false })).toBe(
      fundErrorTexts.PoolLocked(),
    );
  });

  it("reports the whitelist before the vault's stops: no wait cures it", () => {
    const stopped = { ...ready, acceptsDeposits: false, emergencyState: true, paused: true, isWhitelisted: false };
    expect(validateInvest(stopped)).toBe(fundErrorTexts.NotWhitelisted());
    expect(validateInvest({ ...stopped, wrongNetwork: true })).toBe("Switch your wallet to Local chain (anvil) first.");
  });

  it("accepts exactly the minimum and exactly the balance", () => {
    expect(validateInvest({ ...ready, amount: "100" })).toBeNull();
    expect(validateInvest({ ...ready, amount: "1000" })).toBeNull();
  });
});

describe("investBlocker: the invest button's label is the first blocker, its detail the text below the field", () => {
  const label = (change: Partial<InvestCheckInput>) => investBlocker({ ...ready, ...change })?.label ?? null;

  it.each<[string, Partial<InvestCheckInput>, string]>([
    ["no wallet", { isConnected: false, isWhitelisted: undefined }, "Connect wallet"],
    ["wrong network", { wrongNetwork: true }, "Switch network"],
    ["not whitelisted", { isWhitelisted: false }, "Whitelisted investors only"],
    ["emergency", { emergencyState: true, acceptsDeposits: false }, "Emergency: deposits closed"],
    ["winding down", { windingDown: true, acceptsDeposits: false }, "Vault winding down"],
    ["paused", { paused: true, acceptsDeposits: false }, "Vault paused"],
    [
      "locked pool",
      { poolStatus: "locked", acceptsDeposits: false, unlockDate: "Dec 21, 2026" },
      "Round locked until Dec 21, 2026",
    ],
    ["settled pool", { poolStatus: "settled", acceptsDeposits: false }, "Deposits closed"],
    ["unwithdrawn payout", { unwithdrawn: { amount: 1n, round: 2 } }, "Withdraw your payout first"],
    ["empty amount", { amount: "" }, "Enter an amount"],
    ["not a number", { amount: "12abc" }, "Enter a valid amount"],
    ["below minimum", { amount: "99.99" }, "Below minimum (100 mUSDC)"],
    [
      "above the caps' room",
      { amount: "500", capRefusal: "at most 400 mUSDC more fits" },
      "Above the room in this round",
    ],
    ["above balance", { amount: "1000.01" }, "Insufficient mUSDC balance"],
  ])("%s", (_, change, text) => {
    expect(label(change)).toBe(text);
    // The detail agrees: it is validateInvest's text for the same input.
    expect(investBlocker({ ...ready, ...change })?.detail).toBe(validateInvest({ ...ready, ...change }));
  });

  it("is null when the investment can go ahead", () => {
    expect(investBlocker(ready)).toBeNull();
  });
});

describe("investActionLabel: the button names the path the wallet will take", () => {
  it.each<[InvestPath, boolean, string]>([
    ["twoStep", true, "Approve and invest"],
    ["permit", true, "Sign the permit and invest"],
    ["batch", true, "Approve and invest in one confirmation"],
    ["smartAccount", true, "Invest through your smart account"],
    ["smartAccount", false, "Invest through your smart account"],
    ["twoStep", false, "Invest"],
  ])("%s, approval needed: %s → %s", (path, approvalNeeded, text) => {
    expect(investActionLabel(path, approvalNeeded)).toBe(text);
    expect(investButtonLabel("idle", approvalNeeded, path)).toBe(text);
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

  it("skips the approval when the allowance covers the amount, from before the click (the button says Invest)", () => {
    expect(states("idle", false)).toEqual(["1 Approve: skipped", "2 Invest: upcoming"]);
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

describe("investStatusText and stepStateText", () => {
  const hash = "0xabc";
  it.each([
    [{ phase: "idle", approvalHash: null, hash: null }, null],
    [{ phase: "checking", approvalHash: null, hash: null }, "Checking the investment before your wallet asks…"],
    [{ phase: "approving", approvalHash: null, hash: null }, "Confirm the approval in your wallet"],
    [{ phase: "approving", approvalHash: hash, hash: null }, "Waiting for the approval to be mined"],
    [{ phase: "investing", approvalHash: hash, hash: null }, "Confirm the investment in your wallet"],
    [{ phase: "investing", approvalHash: hash, hash }, "Waiting for the investment to be mined"],
    [{ phase: "success", approvalHash: hash, hash }, null],
  ] as const)("%o → %s", (progress, text) => {
    expect(investStatusText(progress)).toBe(text);
  });

  it("the active step's text follows the real state; the others say done, skipped or failed", () => {
    const progress = { phase: "approving", approvalHash: hash, hash: null } as const;
    const [approve, invest] = investSteps("approving", true);
    expect(stepStateText(approve as InvestStepView, progress)).toBe(" — waiting for the approval to be mined");
    expect(stepStateText(invest as InvestStepView, progress)).toBe("");
    const investing = { phase: "investing", approvalHash: null, hash: null } as const;
    const steps = investSteps("investing", false);
    expect(steps.map((s) => stepStateText(s, investing))).toEqual([
      " — not needed, allowance covers it",
      " — confirm the investment in your wallet",
    ]);
  });
});

describe("depositsClosed", () => {
  const open = {
    status: "open",
    acceptsDeposits: true,
    emergencyState: false,
    paused: false,
    windingDown: false,
    round: 3,
    unlockDate: "",
  } as const;
  it("is null while the round takes deposits", () => {
    expect(depositsClosed(open)).toBeNull();
  });
  it("a locked round: why, and when (its unlock date, then the next round)", () => {
    expect(depositsClosed({ ...open, status: "locked", acceptsDeposits: false, unlockDate: "Dec 21, 2026" })).toEqual({
      reason: "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
      when: "Round 3 unlocks on Dec 21, 2026. Deposits open in round 4 once round 3 is settled after that date.",
    });
  });
  it("a locked round whose settlement is proposed: deposits open once it is final", () => {
    const finalAt = Date.UTC(2026, 11, 22, 14, 0) / 1000;
    expect(
      depositsClosed({
        ...open,
        status: "locked",
        acceptsDeposits: false,
        unlockDate: "Dec 21, 2026",
        proposalFinalAt: finalAt,
      }),
    ).toEqual({
      reason: "This vault's pool is locked until its lockup period ends: its funds are with the traders.",
      when: "Round 3's settlement is proposed: deposits open in round 4 once it is final, from 22 Dec 2026, 14:00 UTC.",
    });
  });
  it("an emergency: paused until the admin ends it (also when only the vault says it takes no deposits)", () => {
    const expected = {
      reason: "The fund is in an emergency state: deposits and lockups are paused.",
      when: "Deposits reopen when the fund's admin ends the emergency state.",
      // The layout's emergency banner says the reason on every page.
      fundWide: true,
    };
    expect(depositsClosed({ ...open, emergencyState: true })).toEqual(expected);
    expect(depositsClosed({ ...open, acceptsDeposits: false })).toEqual(expected);
    // The emergency first, whatever else stops the vault.
    expect(depositsClosed({ ...open, emergencyState: true, paused: true, windingDown: true })).toEqual(expected);
  });
  it("a paused vault: the pause, and that deposits reopen when an admin resumes it (open or locked)", () => {
    const expected = {
      reason:
        "Deposits and new rounds of this vault are paused for safety. Your money can still leave: refunds and payouts stay open.",
      when: "Deposits reopen when an admin resumes the vault.",
    };
    expect(depositsClosed({ ...open, paused: true, acceptsDeposits: false })).toEqual(expected);
    expect(
      depositsClosed({ ...open, paused: true, status: "locked", acceptsDeposits: false, unlockDate: "Dec 21, 2026" }),
    ).toEqual(expected);
  });
  it("a vault winding down: never again (over a pause and a locked round)", () => {
    const expected = {
      reason:
        "This vault is winding down: it takes no new deposits and starts no new round. Every position can be withdrawn once its round settles.",
      when: "This vault will not take deposits again.",
    };
    expect(depositsClosed({ ...open, windingDown: true, acceptsDeposits: false })).toEqual(expected);
    expect(
      depositsClosed({ ...open, windingDown: true, paused: true, status: "locked", acceptsDeposits: false }),
    ).toEqual(expected);
  });
});

describe("the steps of the permit and batch paths", () => {
  const view = (...args: Parameters<typeof investSteps>) =>
    investSteps(...args).map((s) => `${s.number} ${s.label}: ${s.state}`);

  it("a permit: 1 Sign the permit, 2 Invest, following the phase", () => {
    expect(view("signing", true, null, "permit")).toEqual(["1 Sign the permit: active", "2 Invest: upcoming"]);
    expect(view("investing", true, null, "permit")).toEqual(["1 Sign the permit: done", "2 Invest: active"]);
    expect(view("error", true, "approve", "permit")).toEqual(["1 Sign the permit: failed", "2 Invest: upcoming"]);
  });

  it("a batch: one step, approve + invest in one confirmation; the investment alone when no approval is needed", () => {
    expect(view("idle", true, null, "batch")).toEqual(["1 Approve + invest, in one confirmation: upcoming"]);
    expect(view("batching", true, null, "batch")).toEqual(["1 Approve + invest, in one confirmation: active"]);
    expect(view("success", true, null, "batch")).toEqual(["1 Approve + invest, in one confirmation: done"]);
    expect(view("error", true, "batch", "batch")).toEqual(["1 Approve + invest, in one confirmation: failed"]);
    expect(view("idle", false, null, "batch")).toEqual(["1 Approve: skipped", "2 Invest: upcoming"]);
  });

  it("a smart account: always one step, its user operation approves and invests", () => {
    expect(view("idle", false, null, "smartAccount")).toEqual(["1 Approve + invest, in one confirmation: upcoming"]);
    expect(view("batching", true, null, "smartAccount")).toEqual(["1 Approve + invest, in one confirmation: active"]);
  });

  it("says what to do and what the app waits for: the signature, the batch's confirmation, both calls mined", () => {
    expect(investStatusText({ phase: "signing", approvalHash: null, hash: null })).toBe(
      "Sign the permit in your wallet (a signature: no transaction, no gas)",
    );
    expect(investStatusText({ phase: "batching", approvalHash: null, hash: null, batchId: null })).toBe(
      "Confirm approve + invest in your wallet: one confirmation",
    );
    expect(investStatusText({ phase: "batching", approvalHash: null, hash: null, batchId: "0x01" })).toBe(
      "Waiting for both calls (approve and invest) to be mined…",
    );
    expect(investButtonLabel("signing", true)).toBe("Signing…");
    expect(investButtonLabel("batching", true)).toBe("Investing…");
  });
});
