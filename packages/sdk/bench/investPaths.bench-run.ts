/**
 * Gas and wallet prompts per investment for each path, next to the spec's two-step baseline (printed, not asserted):
 * two-step (approve + invest), permit (`investWithPermit`: one signature + one transaction), batch (EIP-5792: the same
 * two calls in one confirmation) and smart account (one ERC-4337 user operation, gas paid by the fund's paymaster).
 * Each path is a first investment of 1,000 mUSDC into the futures vault's empty open round by an investor with no
 * allowance, from the same chain state (an anvil snapshot is restored after each EOA path), against the bench's anvil
 * (plus Alto for the smart account, which runs last since the bundler keeps its own view of the chain).
 */
import type { Address, Hash } from "viem";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mockUsdcAbi } from "../src/abi/index.js";
import { getSmartAccountAddress } from "../src/smartAccount/getSmartAccountAddress.js";
import { invest } from "../src/writes/invest.js";
import { investWithBatch } from "../src/writes/investWithBatch.js";
import { investWithPermit } from "../src/writes/investWithPermit.js";
import { investWithSmartAccount } from "../src/writes/investWithSmartAccount.js";
import { whitelistInvestor } from "../src/writes/whitelistInvestor.js";
import { accounts, snapshot } from "../test/chain.js";
import { as, mUSDC, publicClient } from "../test/fund.js";
import { promptingWallet, type SmartAccountStack, startSmartAccountStack } from "../test/smartAccount.js";
import { testWallet } from "../test/testWallet.js";

let restore: () => Promise<void>;
let stack: SmartAccountStack;
beforeAll(async () => {
  restore = await snapshot();
  stack = await startSmartAccountStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await restore?.();
});

const gasOf = async (hashes: readonly (Hash | null | undefined)[]) => {
  let total = 0n;
  for (const hash of hashes) {
    expect(hash).toBeTruthy();
    total += (await publicClient.getTransactionReceipt({ hash: hash as Hash })).gasUsed;
  }
  return total;
};

it("prints gas and wallet prompts per investment for each path", async () => {
  const rows: { path: string; gas: bigint; prompts: string; note: string }[] = [];

  let undo = await snapshot();
  const twoStepWallet = testWallet(1);
  const twoStep = await invest({ ...twoStepWallet.context, vaultId: 1, amount: "1000" });
  expect(twoStep.success).toBe(true);
  rows.push({
    path: "two-step (approve + invest)",
    gas: await gasOf([twoStep.approvalHash, twoStep.hash]),
    prompts: twoStepWallet.prompts().join(" + "),
    note: "2 transactions; the investor pays gas",
  });

  await undo();
  undo = await snapshot();
  const permitWallet = testWallet(2);
  const permit = await investWithPermit({ ...permitWallet.context, vaultId: 1, amount: "1000" });
  expect(permit).toMatchObject({ success: true, path: "permit" });
  rows.push({
    path: "permit (investWithPermit)",
    gas: await gasOf([permit.hash]),
    prompts: permitWallet.prompts().join(" + "),
    note: "1 signature (no gas) + 1 transaction",
  });

  await undo();
  undo = await snapshot();
  const batchWallet = testWallet(3, { batching: true });
  const batch = await investWithBatch({ ...batchWallet.context, vaultId: 1, amount: "1000" });
  expect(batch).toMatchObject({ success: true, path: "batch" });
  rows.push({
    path: "batch (EIP-5792 wallet_sendCalls)",
    gas: await gasOf(batch.calls.map((call) => call.hash)),
    prompts: batchWallet.prompts().join(" + "),
    note: "the same 2 calls, 1 confirmation (this test wallet sends them as 2 transactions)",
  });

  await undo();

  // The smart account of account 6: whitelisted by the admin and holding the tokens (sent by its owner beforehand).
  const { deployment } = stack;
  const smartAccount = await getSmartAccountAddress(publicClient, { deployment, owner: accounts[6] as Address });
  const admin = { ...as(0).context, deployment };
  expect(await whitelistInvestor({ ...admin, investor: smartAccount })).toMatchObject({ success: true });
  await publicClient.waitForTransactionReceipt({
    hash: await admin.walletClient.writeContract({
      address: deployment.investmentToken as Address,
      abi: mockUsdcAbi,
      functionName: "mint",
      args: [smartAccount, mUSDC(2_000)],
    }),
  });
  for (const [label, note] of [
    ["smart account, first operation", "deploys the account too; gas paid by FundPaymaster; account holds 0 ETH"],
    ["smart account, later operation", "gas paid by FundPaymaster"],
  ] as const) {
    const owner = promptingWallet(6);
    const result = await investWithSmartAccount({
      deployment,
      publicClient,
      walletClient: owner.walletClient,
      vaultId: 1,
      amount: "1000",
    });
    expect(result.success, result.message).toBe(true);
    const bundle = await gasOf([result.hash]);
    rows.push({
      path: label,
      gas: result.actualGasUsed ?? 0n,
      prompts: owner.prompts.join(" + "),
      note: `${note}; userOp actualGasUsed (the bundle transaction used ${bundle.toLocaleString("en-US")})`,
    });
  }

  const baseline = rows[0]?.gas ?? 1n;
  const width = Math.max(...rows.map((r) => r.path.length));
  const lines = [
    "Gas and wallet prompts per investment (a first investment of 1,000 mUSDC into an empty open round, no allowance):",
    `  ${"path".padEnd(width)}  ${"gas".padStart(9)}  ${"vs two-step".padStart(11)}  prompts`,
    ...rows.map(
      (r) =>
        `  ${r.path.padEnd(width)}  ${r.gas.toLocaleString("en-US").padStart(9)}  ${`×${(Number(r.gas) / Number(baseline)).toFixed(2)}`.padStart(11)}  ${r.prompts.split(" + ").length} (${r.prompts}) — ${r.note}`,
    ),
  ];
  console.log(lines.join("\n"));
});
