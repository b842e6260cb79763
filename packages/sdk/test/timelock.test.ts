/**
 * The FundTimelock through the SDK on a real anvil: a change that touches invested money is scheduled (not applied)
 * by the same SDK write an admin always used, is listed in words while it waits, cannot be executed early, is executed
 * by anyone after the delay, and can be cancelled by the guardian; a change that only lowers risk applies at once.
 */
import { linkArtifact, loadArtifact } from "@fundament/scripts/lib/foundry";
import { type Address, type Hex, keccak256, toHex, zeroHash } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { investmentFundAbi } from "../src/abi/index.js";
import type { Deployment } from "../src/deployment/deployment.js";
import { getPendingChanges } from "../src/reads/getPendingChanges.js";
import { cancelFundChange } from "../src/writes/cancelFundChange.js";
import { executeFundChange } from "../src/writes/executeFundChange.js";
import { setLockupPeriodDuration } from "../src/writes/setLockupPeriodDuration.js";
import { setMinimumInvestment } from "../src/writes/setMinimumInvestment.js";
import { withdraw } from "../src/writes/withdraw.js";
import { accounts, deployment as baseDeployment, snapshot } from "./chain.js";
import { as, investAs, mUSDC, publicClient, travel } from "./fund.js";

const DELAY = 600;
const ADMIN = 0;
const GUARDIAN = 6;
const fund = { address: baseDeployment.investmentFund, abi: investmentFundAbi } as const;
const lockupOf = (vaultId: bigint) =>
  publicClient.readContract({ ...fund, functionName: "lockupPeriodDuration", args: [vaultId] });

let deployment: Deployment;
let restore: () => Promise<void>;

/** Deploys a FundTimelock for the fund, makes account 6 the guardian, and hands the top role over, as deploy does. */
async function handOver(): Promise<Deployment> {
  const { walletClient } = as(ADMIN).context;
  const { abi, bytecode } = linkArtifact(loadArtifact("FundTimelock.sol", "FundTimelock"), {});
  const hash = await walletClient.deployContract({
    abi,
    bytecode,
    args: [fund.address, BigInt(DELAY)],
    chain: walletClient.chain,
  });
  const timelock = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as Address;
  const send = async (functionName: "grantRole" | "renounceRole", args: readonly [Hex, Address]) => {
    const tx = await walletClient.writeContract({ ...fund, functionName, args, chain: walletClient.chain });
    await publicClient.waitForTransactionReceipt({ hash: tx });
  };
  await send("grantRole", [keccak256(toHex("GUARDIAN_ROLE")), accounts[GUARDIAN]]);
  await send("grantRole", [zeroHash, timelock]);
  await send("renounceRole", [zeroHash, accounts[ADMIN]]);
  return { ...baseDeployment, fundTimelock: timelock };
}

const context = (index: number) => ({ ...as(index).context, deployment });

beforeEach(async () => {
  restore = await snapshot();
  deployment = await handOver();
});
afterEach(async () => {
  await restore();
});

describe("a change that touches invested money", () => {
  it("is scheduled, listed in words, refused early, executed by anyone after the delay", async () => {
    const scheduled = await setLockupPeriodDuration({ ...context(ADMIN), vaultId: 1, seconds: 45 * 86_400 });
    expect(scheduled.success).toBe(true);
    expect(scheduled.message).toMatch(/^Change scheduled: anyone can execute it from \d+ \w{3} \d{4}, \d\d:\d\d UTC/);
    expect(await lockupOf(1n)).toBe(30n * 86_400n);

    const waiting = await getPendingChanges(publicClient, { deployment });
    expect(waiting.delay).toBe(DELAY);
    expect(waiting.changes).toHaveLength(1);
    const [change] = waiting.changes;
    if (!change) throw new Error("no pending change");
    expect(change).toMatchObject({ summary: "the lockup becomes 45 days", vaultId: 1n, state: "waiting" });
    expect(change.readyAt - waiting.chainTime).toBeGreaterThan(DELAY - 30);

    const early = await executeFundChange({ ...context(3), change });
    expect(early).toMatchObject({ success: false, kind: "reverted" });
    expect(early.message).toMatch(/still waiting, already executed, or cancelled/);

    await travel(DELAY + 1);
    const ready = await getPendingChanges(publicClient, { deployment });
    expect(ready.changes[0]?.state).toBe("ready");
    const executed = await executeFundChange({ ...context(3), change });
    expect(executed).toMatchObject({ success: true, message: "Change executed." });
    expect(await lockupOf(1n)).toBe(45n * 86_400n);
    expect((await getPendingChanges(publicClient, { deployment })).changes).toEqual([]);
  });

  it("lets an investor refund before it applies", async () => {
    await investAs(2, 1, 1_000);
    await setLockupPeriodDuration({ ...context(ADMIN), vaultId: 1, seconds: 365 * 86_400 });
    expect((await getPendingChanges(publicClient, { deployment })).changes).toHaveLength(1);
    const refund = await withdraw({ ...context(2), vaultId: 1 });
    expect(refund.success).toBe(true);
  });

  it("is cancelled by the guardian, and a stranger cannot cancel", async () => {
    await setLockupPeriodDuration({ ...context(ADMIN), vaultId: 2, seconds: 45 * 86_400 });
    const [change] = (await getPendingChanges(publicClient, { deployment })).changes;
    if (!change) throw new Error("no pending change");
    const stranger = await cancelFundChange({ ...context(3), id: change.id });
    expect(stranger).toMatchObject({ success: false, message: "This wallet is not allowed to do that." });
    const cancelled = await cancelFundChange({ ...context(GUARDIAN), id: change.id });
    expect(cancelled).toMatchObject({ success: true, message: "Change cancelled." });
    expect((await getPendingChanges(publicClient, { deployment })).changes).toEqual([]);
    await travel(DELAY + 1);
    expect(await lockupOf(2n)).toBe(30n * 86_400n);
  });
});

describe("a change that only lowers risk", () => {
  it("applies at once: a lower minimum (a higher one waits)", async () => {
    const lower = await setMinimumInvestment({ ...context(ADMIN), vaultId: 1, amount: "50" });
    expect(lower.message).toBe("Minimum investment updated.");
    expect(await publicClient.readContract({ ...fund, functionName: "minimumInvestment", args: [1n] })).toBe(mUSDC(50));
    const higher = await setMinimumInvestment({ ...context(ADMIN), vaultId: 1, amount: "500" });
    expect(higher.message).toMatch(/^Change scheduled/);
    const [change] = (await getPendingChanges(publicClient, { deployment })).changes;
    expect(change?.summary).toBe("the minimum investment becomes 500 mUSDC");
  });
});
