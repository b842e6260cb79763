/**
 * Gas from real anvil receipts of the SDK's writes (cross-checks the forge figures of
 * `npm run bench`), and the JSON-RPC HTTP requests the vault listing and investor view cost.
 */
import { type Hash, parseUnits } from "viem";
import { expect, it } from "vitest";
import { createFundPublicClient } from "../src/chains/createFundPublicClient.js";
import { getInvestorView } from "../src/reads/getInvestorView.js";
import { getPositionHistory } from "../src/reads/getPositionHistory.js";
import { getVaults } from "../src/reads/getVaults.js";
import { createProposal } from "../src/writes/createProposal.js";
import { invest } from "../src/writes/invest.js";
import { setRollOver } from "../src/writes/setRollOver.js";
import { vote } from "../src/writes/vote.js";
import { withdraw } from "../src/writes/withdraw.js";
import { accounts, chain, countingPublicClient, deployment, rpcUrl, wallet } from "../test/chain.js";

const publicClient = createFundPublicClient({ chainId: chain.id, rpcUrl });
const gasOf = async (hash: Hash | null) => {
  expect(hash).not.toBeNull();
  return (await publicClient.getTransactionReceipt({ hash: hash as Hash })).gasUsed;
};
const context = (index: number) => ({ deployment, publicClient, walletClient: wallet(index).walletClient });

it("prints gas per operation from anvil receipts and the RPC requests of a page", async () => {
  const rows: [string, bigint | number][] = [];
  // account 6: first investment (whitelisted here by the admin), then a repeat
  const admin = context(0);
  const { whitelistInvestor } = await import("../src/writes/whitelistInvestor.js");
  await whitelistInvestor({ ...admin, investor: accounts[6] });
  const mint = [
    {
      type: "function",
      name: "mint",
      stateMutability: "nonpayable",
      inputs: [
        { name: "to", type: "address" },
        { name: "amount", type: "uint256" },
      ],
      outputs: [],
    },
  ] as const;
  await publicClient.waitForTransactionReceipt({
    hash: await admin.walletClient.writeContract({
      address: deployment.investmentToken as `0x${string}`,
      abi: mint,
      functionName: "mint",
      args: [accounts[6], parseUnits("10000", 6)],
    }),
  });
  const first = await invest({ ...context(6), vaultId: 1, amount: "1000" });
  rows.push(["approve (ERC-20)", await gasOf(first.approvalHash)], ["invest (first)", await gasOf(first.hash)]);
  const repeat = await invest({ ...context(6), vaultId: 1, amount: "1000" });
  rows.push(["invest (repeat)", await gasOf(repeat.hash)]);
  const other = await invest({ ...context(5), vaultId: 2, amount: "1000" });
  rows.push(["invest (other vault)", await gasOf(other.hash)]);
  rows.push(["setRollOver", await gasOf((await setRollOver({ ...context(6), vaultId: 1, enabled: true })).hash)]);
  const proposal = await createProposal({ ...context(6), description: "Bench proposal", start: 0, end: 86_400_000 });
  rows.push(["createProposal", await gasOf(proposal.hash)]);
  rows.push([
    "vote",
    await gasOf((await vote({ ...context(5), proposalId: proposal.proposalId ?? 0n, choice: "for" })).hash),
  ]);
  rows.push(["withdraw (refund, open pool)", await gasOf((await withdraw({ ...context(5), vaultId: 2 })).hash)]);

  const { client, requests } = countingPublicClient();
  await Promise.all([getVaults(client, { deployment }), getInvestorView(client, { deployment, account: accounts[6] })]);
  rows.push(["RPC requests: vault listing + investor view", requests()]);
  const history = countingPublicClient();
  await getPositionHistory(history.client, { deployment, account: accounts[6] });
  rows.push(["RPC requests: position history", history.requests()]);

  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    [
      "",
      "SDK on a real anvil (receipts' gasUsed)",
      ...rows.map(([n, v]) => `  ${n.padEnd(width)}  ${Number(v).toLocaleString("en-US").padStart(9)}`),
    ].join("\n"),
  );
});
