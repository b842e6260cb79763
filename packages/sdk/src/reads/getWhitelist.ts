import { type Address, type Client, getAbiItem, getAddress } from "viem";
import { getBlockNumber, getLogs } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { inBlockRanges } from "../utils/getLogsInChunks.js";
import { fundContract } from "./fundContract.js";

/** A wallet on the investor whitelist, and the block of its (latest) whitelisting. */
export type WhitelistedInvestor = { address: Address; blockNumber: bigint };

export type GetWhitelistParameters = {
  deployment: Deployment;
  /** First `getLogs` range in blocks (see `getLogsInChunks`). */
  initialRange?: bigint;
};

const whitelisted = getAbiItem({ abi: investmentFundAbi, name: "InvestorWhitelisted" });
const removed = getAbiItem({ abi: investmentFundAbi, name: "InvestorRemovedFromWhitelist" });

/**
 * The investor whitelist: the fund keeps no list of its members (only `isWhitelisted(address)`), so it is rebuilt
 * from the `InvestorWhitelisted` and `InvestorRemovedFromWhitelist` events since the deployment block, replayed in
 * chain order, keeping the wallets whitelisted now. Both events come in one `eth_getLogs` per block range, in ranges
 * the provider accepts (`inBlockRanges`). In order of whitelisting, the oldest first.
 */
export async function getWhitelist(
  client: Client,
  { deployment, initialRange }: GetWhitelistParameters,
): Promise<WhitelistedInvestor[]> {
  const { address } = fundContract(deployment);
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  const logs = await inBlockRanges(
    { fromBlock: deployment.deploymentBlock, toBlock, ...(initialRange === undefined ? {} : { initialRange }) },
    (fromBlock, to) =>
      getLogs(client, { address, events: [whitelisted, removed], fromBlock, toBlock: to, strict: true }),
  );
  // Ranges come in block order and a node returns a range's logs in log order; sort anyway (cheap, and exact).
  const ordered = [...logs].sort((a, b) =>
    a.blockNumber === b.blockNumber ? (a.logIndex ?? 0) - (b.logIndex ?? 0) : a.blockNumber < b.blockNumber ? -1 : 1,
  );
  const members = new Map<Address, bigint>();
  for (const log of ordered) {
    const investor = getAddress(log.args.investor as Address);
    // Re-whitelisting moves the wallet to the end: the order is that of the whitelisting in force.
    members.delete(investor);
    if (log.eventName === "InvestorWhitelisted") members.set(investor, log.blockNumber);
  }
  return [...members].map(([member, blockNumber]) => ({ address: member, blockNumber }));
}
