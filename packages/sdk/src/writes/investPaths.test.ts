import type { Hash } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { snapshot } from "../../test/chain.js";
import { publicClient } from "../../test/fund.js";
import { testWallet } from "../../test/testWallet.js";
import { invest } from "./invest.js";
import { investWithBatch } from "./investWithBatch.js";
import { investWithPermit } from "./investWithPermit.js";

// Wallet prompts and gas of one first investment (approval needed) on each EOA path, side by side. The prompt counts
// are asserted; the gas figures are printed for the report (`npm run bench` carries the lines).
let restore: () => Promise<void>;
beforeEach(async () => {
  restore = await snapshot();
});
afterEach(async () => {
  await restore();
});

const gasOf = async (hashes: (Hash | null | undefined)[]) => {
  let total = 0n;
  for (const hash of hashes) if (hash) total += (await publicClient.getTransactionReceipt({ hash })).gasUsed;
  return total;
};

describe("investment paths: prompts and gas", () => {
  it("two steps: 2 prompts, 2 transactions; permit: 2 prompts (1 signature), 1 transaction; batch: 1 prompt", async () => {
    const figures: Record<string, { prompts: number; transactions: number; gas: bigint }> = {};
    // Each path from the same state, by the same investor: the first deposit into the vault's open round.
    let undo = await snapshot();
    const fresh = async () => {
      await undo();
      undo = await snapshot();
    };

    const twoStep = testWallet(5, { typedData: false, batching: false });
    const a = await invest({ ...twoStep.context, vaultId: 1, amount: "1000" });
    expect(a.success).toBe(true);
    figures.twoStep = {
      prompts: twoStep.prompts().length,
      transactions: twoStep.control.transactions.length,
      gas: await gasOf([a.approvalHash, a.hash]),
    };

    await fresh();
    const permit = testWallet(5, { typedData: true });
    const b = await investWithPermit({ ...permit.context, vaultId: 1, amount: "1000" });
    expect(b).toMatchObject({ success: true, path: "permit" });
    figures.permit = {
      prompts: permit.prompts().length,
      transactions: permit.control.transactions.length,
      gas: await gasOf([b.hash]),
    };

    await fresh();
    const batch = testWallet(5, { batching: true });
    const c = await investWithBatch({ ...batch.context, vaultId: 1, amount: "1000" });
    expect(c).toMatchObject({ success: true, path: "batch" });
    figures.batch = {
      prompts: batch.prompts().length,
      transactions: batch.control.transactions.length,
      gas: c.calls.reduce((sum, call) => sum + (call.gasUsed ?? 0n), 0n),
    };

    await undo();
    expect(Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, [v.prompts, v.transactions]]))).toEqual({
      twoStep: [2, 2],
      permit: [2, 1],
      batch: [1, 2],
    });
    for (const [path, f] of Object.entries(figures))
      console.info(
        `invest path ${path}: ${f.prompts} wallet prompt(s), ${f.transactions} transaction(s), ${f.gas} gas`,
      );
  });
});
