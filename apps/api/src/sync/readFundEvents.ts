import { fundGovernorAbi, inBlockRanges, investmentFundAbi } from "@fundament/sdk";
import { type Address, type Client, getAbiItem } from "viem";
import { getBlock, getLogs } from "viem/actions";
import type { fundEvents } from "../db/schema.js";

/** A row of `fund_events`. */
export type FundEventRow = typeof fundEvents.$inferInsert;

const vaultCreated = getAbiItem({ abi: investmentFundAbi, name: "VaultCreated" });
const invested = getAbiItem({ abi: investmentFundAbi, name: "Invested" });
const withdrawn = getAbiItem({ abi: investmentFundAbi, name: "Withdrawn" });
const emergencyWithdrawn = getAbiItem({ abi: investmentFundAbi, name: "EmergencyWithdrawn" });
const rollOverSet = getAbiItem({ abi: investmentFundAbi, name: "RollOverSet" });
const voted = getAbiItem({ abi: fundGovernorAbi, name: "Voted" });
const voteCast = getAbiItem({ abi: fundGovernorAbi, name: "VoteCast" });

/** The governor's `VoteType` (0 against, 1 for, 2 abstain). */
const VOTE_CHOICES = ["against", "for", "abstain"] as const;

export type ReadFundEventsParameters = {
  chainId: number;
  fromBlock: bigint;
  toBlock: bigint;
  fund: Address;
  governor: Address;
  /** Block times already known (from the step's transfers): only the other blocks are read. */
  minedAt?: ReadonlyMap<number, Date>;
  /** Requests in flight at once (blocks). */
  concurrency?: number;
};

/**
 * The fund's and its governor's events of `fromBlock..toBlock` that the account history needs, as `fund_events`
 * rows: `VaultCreated` (a vault's name), `Invested` / `Withdrawn` / `EmergencyWithdrawn` (which vault a transfer with
 * the fund was for), `RollOverSet`, and the governor's `Voted` (`vote`) and `VoteCast` (`castVote`,
 * `castVoteBySig`). One `eth_getLogs` per contract (its events' topics together), then the time of each block not
 * already known.
 */
export async function readFundEvents(
  client: Client,
  { chainId, fromBlock, toBlock, fund, governor, minedAt = new Map(), concurrency = 8 }: ReadFundEventsParameters,
): Promise<FundEventRow[]> {
  const [fundLogs, governorLogs] = await Promise.all([
    inBlockRanges({ fromBlock, toBlock }, (from, to) =>
      getLogs(client, {
        address: fund,
        events: [vaultCreated, invested, withdrawn, emergencyWithdrawn, rollOverSet],
        fromBlock: from,
        toBlock: to,
        strict: true,
      }),
    ),
    inBlockRanges({ fromBlock, toBlock }, (from, to) =>
      getLogs(client, { address: governor, events: [voted, voteCast], fromBlock: from, toBlock: to, strict: true }),
    ),
  ]);
  const times = new Map(minedAt);
  const missing = [...new Set([...fundLogs, ...governorLogs].map((log) => Number(log.blockNumber)))].filter(
    (block) => !times.has(block),
  );
  for (let i = 0; i < missing.length; i += concurrency) {
    await Promise.all(
      missing.slice(i, i + concurrency).map(async (block) => {
        const { timestamp } = await getBlock(client, { blockNumber: BigInt(block) });
        times.set(block, new Date(Number(timestamp) * 1000));
      }),
    );
  }
  const base = (log: { blockNumber: bigint; transactionHash: string; logIndex: number; address: string }) => ({
    chainId,
    txHash: log.transactionHash.toLowerCase(),
    logIndex: log.logIndex,
    blockNumber: Number(log.blockNumber),
    minedAt: times.get(Number(log.blockNumber)) ?? new Date(0),
    contract: log.address.toLowerCase(),
  });

  const rows: FundEventRow[] = [];
  for (const log of fundLogs) {
    switch (log.eventName) {
      case "VaultCreated":
        rows.push({
          ...base(log),
          kind: "vault_created",
          vaultId: log.args.vaultId.toString(),
          vaultName: clip(log.args.name),
        });
        break;
      case "Invested":
        rows.push({
          ...base(log),
          kind: "invest",
          account: log.args.investor.toLowerCase(),
          vaultId: log.args.vaultId.toString(),
          amount: log.args.amount.toString(),
        });
        break;
      case "Withdrawn":
      case "EmergencyWithdrawn":
        rows.push({
          ...base(log),
          kind: log.eventName === "Withdrawn" ? "withdraw" : "emergency_withdraw",
          account: log.args.investor.toLowerCase(),
          vaultId: log.args.vaultId.toString(),
          amount: log.args.amount.toString(),
        });
        break;
      case "RollOverSet":
        rows.push({
          ...base(log),
          kind: "roll_over",
          account: log.args.investor.toLowerCase(),
          vaultId: log.args.vaultId.toString(),
          choice: log.args.enabled ? "on" : "off",
        });
        break;
    }
  }
  for (const log of governorLogs) {
    rows.push({
      ...base(log),
      kind: "vote",
      account: log.args.voter.toLowerCase(),
      proposalId: log.args.proposalId.toString(),
      choice:
        log.eventName === "Voted"
          ? log.args.support
            ? "for"
            : "against"
          : (VOTE_CHOICES[log.args.support] ?? "against"),
    });
  }
  return rows;
}

/** A vault's name as the chain gave it, stripped of control characters and cut to a sane length. */
function clip(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  return text.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 100);
}
