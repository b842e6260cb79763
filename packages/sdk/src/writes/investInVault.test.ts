import type { Address } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, deployment, snapshot } from "../../test/chain.js";
import { as, mUSDC, publicClient } from "../../test/fund.js";
import { testWallet } from "../../test/testWallet.js";
import { parseTokenAmount } from "../math/parseTokenAmount.js";
import { getInvestmentToken } from "../reads/getInvestmentToken.js";
import { getPositions } from "../reads/getPositions.js";
import type { ChooseInvestPathInput } from "./chooseInvestPath.js";
import { InvestFailedError, type InvestProgress, investInVault } from "./investInVault.js";
import { setMinimumInvestment } from "./setMinimumInvestment.js";

// Against the anvil of test/globalSetup.ts, with the wallet package's test wallet: the one SDK entry of the app's
// investment, fed units parsed once at the edge.
const principal = async (index: number, vaultId: number) =>
  (await getPositions(publicClient, { deployment, account: accounts[index] as Address }))[vaultId - 1]?.principal;
const wallet = (change: Partial<ChooseInvestPathInput> = {}): ChooseInvestPathInput => ({
  accountType: "eoa",
  smartAccountReady: false,
  capabilities: undefined,
  supportsPermit: false,
  signsTypedData: false,
  ...change,
});
/** What the widget does: the typed text parsed once with the token's decimals, the units given to the SDK. */
const typed = async (text: string) => {
  const { decimals } = await getInvestmentToken(publicClient, { deployment });
  return parseTokenAmount(text, decimals);
};

let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
  // A vault whose minimum lets half a token in (lowering a minimum applies at once).
  expect(await setMinimumInvestment({ ...as(0).context, vaultId: 1, amount: 100_000n })).toMatchObject({
    success: true,
  });
});
afterEach(async () => {
  await restore();
});

describe("investInVault: amounts parsed once at the edge", () => {
  it('".5" invests half a token and "5." five tokens, end to end (two steps, then a batch)', async () => {
    const twoStep = testWallet(5, { typedData: false, batching: false });
    const half = await investInVault({ ...twoStep.context, vaultId: 1, amount: await typed(".5"), wallet: wallet() });
    expect(half).toMatchObject({
      success: true,
      path: "twoStep",
      message: "Investment transaction submitted successfully!",
    });
    expect(await principal(5, 1)).toBe(500_000n);

    const batching = testWallet(4, { batching: true });
    const five = await investInVault({
      ...batching.context,
      vaultId: 1,
      amount: await typed("5."),
      wallet: wallet({ capabilities: { atomic: { status: "supported" } } }),
    });
    expect(five).toMatchObject({ success: true, path: "batch", fallback: null, chainChanged: true });
    expect(await principal(4, 1)).toBe(mUSDC(5));
  });
});

describe("investInVault: the path decided once, its progress reported, the result one way", () => {
  it("reports each step and hash of the two steps, and resolves with the outcome", async () => {
    const { context } = testWallet(5, { typedData: false, batching: false });
    const seen: InvestProgress[] = [];
    const outcome = await investInVault({
      ...context,
      vaultId: 1,
      amount: mUSDC(300),
      wallet: wallet(),
      onProgress: (progress) => seen.push(progress),
    });
    expect([...new Set(seen.map((p) => p.step))]).toEqual(["checking", "approving", "investing"]);
    expect(outcome.progress).toMatchObject({ step: "investing", path: "twoStep", approvalNeeded: true });
    expect(outcome.progress.approvalHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(outcome.progress.hash).toBe(outcome.hash);
    expect(await principal(5, 1)).toBe(mUSDC(300));
  });

  it("falls back from a permit the wallet cannot sign to the two steps, and says why", async () => {
    const { context, prompts } = testWallet(5, { typedData: false });
    const outcome = await investInVault({
      ...context,
      vaultId: 1,
      amount: mUSDC(200),
      wallet: wallet({ supportsPermit: true, signsTypedData: true }),
    });
    expect(outcome).toMatchObject({
      success: true,
      path: "twoStep",
      fallback:
        "Your wallet cannot sign a permit (EIP-712 typed data), so the approval and the investment are two transactions.",
    });
    expect(prompts()).toEqual(["eth_signTypedData_v4", "eth_sendTransaction", "eth_sendTransaction"]);
  });

  it("throws InvestFailedError holding the outcome when the investment does not go through (a rejection)", async () => {
    const { context, control } = testWallet(5, { typedData: false, batching: false });
    control.rejectNext("eth_sendTransaction");
    const error = await investInVault({ ...context, vaultId: 1, amount: mUSDC(300), wallet: wallet() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvestFailedError);
    const { outcome } = error as InvestFailedError;
    expect((error as InvestFailedError).shortMessage).toBe("User rejected the transaction.");
    expect(outcome).toMatchObject({ success: false, kind: "rejected", path: "twoStep", chainChanged: false });
    expect(outcome.progress).toMatchObject({ step: "approving", approvalHash: null });
    expect(control.transactions).toEqual([]);
  });
});
