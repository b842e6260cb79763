/**
 * Each statement row's transactions (kind, hash, block, time) read back through the SDK on a real anvil: the hashes are
 * the receipts' own, the times the blocks' own, whether the node puts `blockTimestamp` on its logs (anvil, recent
 * geth) or not (then the blocks are read).
 */
import { custom, http, type RpcLog } from "viem";
import { getBlock, getTransactionReceipt } from "viem/actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, chain, deployment, rpcUrl, snapshot } from "../../test/chain.js";
import { as, investAs, mUSDC, publicClient, runRound } from "../../test/fund.js";
import { createFundPublicClient } from "../chains/createFundPublicClient.js";
import { setRollOver } from "../writes/setRollOver.js";
import { withdraw } from "../writes/withdraw.js";
import { getPositionHistory, type PositionRound } from "./getPositionHistory.js";

let restore: () => Promise<void>;

beforeAll(async () => {
  restore = await snapshot();
  // Account 4: 1,000 in the futures vault with roll-over on; round 1 returns 10 % (1,080 after the fund's fee) and
  // rolls into round 2, where it adds 500; roll-over off, round 2 breaks even and account 4 withdraws.
  expect((await setRollOver({ ...as(4).context, vaultId: 1, enabled: true })).success).toBe(true);
  await investAs(4, 1, 1_000);
  await runRound(1, [7, 6], 11_000n);
  await investAs(4, 1, 500);
  expect((await setRollOver({ ...as(4).context, vaultId: 1, enabled: false })).success).toBe(true);
  await runRound(1, [7, 6], 10_000n);
  expect((await withdraw({ ...as(4).context, vaultId: 1 })).success).toBe(true);
});

afterAll(async () => {
  await restore();
});

/** A client whose node leaves `blockTimestamp` off its logs (as older geth and many providers do), and its methods. */
function logsWithoutTimes() {
  const upstream = http(rpcUrl)({ chain, retryCount: 0 });
  const methods: string[] = [];
  const transport = custom({
    async request(args) {
      methods.push(args.method);
      const result = await upstream.request(args as never);
      if (args.method !== "eth_getLogs") return result;
      return (result as RpcLog[]).map(({ blockTimestamp: _time, ...log }) => log);
    },
  });
  return { client: createFundPublicClient({ chainId: chain.id, rpcUrl, transport }), methods };
}

describe("getPositionHistory's transactions", () => {
  let rows: PositionRound[];

  it("lists each round's deposits, roll-in, settlement and withdrawal with the receipts' hashes and the blocks' times", async () => {
    rows = (await getPositionHistory(publicClient, { deployment, account: accounts[4] })).filter(
      (r) => r.vaultId === 1,
    );
    // Round 2 pays 1,580 less the unit the share price rounds away.
    const payout = rows[0]?.payout ?? 0n;
    expect(mUSDC(1_580) - payout).toBeLessThanOrEqual(1n);
    expect(
      rows.map((r) => [r.round, r.outcome, r.deposited, r.transactions.map((tx) => [tx.kind, tx.amount])]),
    ).toEqual([
      [
        2,
        "withdrawn",
        mUSDC(500),
        [
          ["rolled in", mUSDC(1_080)],
          ["invested", mUSDC(500)],
          ["settled", payout],
          ["withdrawn", payout],
        ],
      ],
      [
        1,
        "rolled",
        mUSDC(1_000),
        [
          ["invested", mUSDC(1_000)],
          ["settled", mUSDC(1_080)],
        ],
      ],
    ]);
    // Round 1's settlement is the transaction that carried its payout into round 2.
    expect(rows[0]?.transactions[0]?.hash).toBe(rows[1]?.transactions[1]?.hash);
    for (const tx of rows.flatMap((r) => r.transactions)) {
      const receipt = await getTransactionReceipt(publicClient, { hash: tx.hash });
      expect(receipt.status).toBe("success");
      expect(receipt.to?.toLowerCase()).toBe(deployment.investmentFund.toLowerCase());
      expect(receipt.blockNumber).toBe(tx.blockNumber);
      expect(tx.timestamp).toBe(Number((await getBlock(publicClient, { blockNumber: tx.blockNumber })).timestamp));
    }
  });

  it("reads the blocks' times where the logs do not carry them, to the same result", async () => {
    const { client, methods } = logsWithoutTimes();
    const again = (await getPositionHistory(client, { deployment, account: accounts[4] })).filter(
      (r) => r.vaultId === 1,
    );
    expect(again).toEqual(rows);
    expect(methods).toContain("eth_getBlockByNumber");
  });

  it("reads no block when the logs carry their times", async () => {
    const upstream = http(rpcUrl)({ chain, retryCount: 0 });
    const methods: string[] = [];
    const transport = custom({
      request(args) {
        methods.push(args.method);
        return upstream.request(args as never);
      },
    });
    const client = createFundPublicClient({ chainId: chain.id, rpcUrl, transport });
    await getPositionHistory(client, { deployment, account: accounts[4] });
    expect(methods).not.toContain("eth_getBlockByNumber");
  });
});
