import { type Address, type Client, getAbiItem } from "viem";
import { getBlockNumber, simulateContract } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import type { Deployment } from "../deployment/deployment.js";
import { getLogsInChunks } from "../utils/getLogsInChunks.js";
import { readContracts } from "../utils/readContracts.js";
import { fundContract } from "./fundContract.js";

const rollOverSet = getAbiItem({ abi: investmentFundAbi, name: "RollOverSet" });

/**
 * Investors whose rolling position in `vaultId` a total loss wiped out while their voting power still counts it. The
 * candidates are everyone who ever turned roll-over on there (`RollOverSet` events, one `eth_getLogs` where the
 * provider accepts the span) whose position now rolls with no shares left and who still has voting power; each is then
 * confirmed by simulating `syncPositions([account], vaultId)`, which returns 1 only when it would drop stale power.
 */
export async function findWipedPositions(
  client: Client,
  { deployment, vaultId }: { deployment: Deployment; vaultId: number | bigint },
): Promise<Address[]> {
  const toBlock = await getBlockNumber(client, { cacheTime: 0 });
  const logs = await getLogsInChunks(client, {
    address: deployment.investmentFund,
    event: rollOverSet,
    args: { vaultId: BigInt(vaultId) },
    fromBlock: deployment.deploymentBlock,
    toBlock,
    initialRange: toBlock - deployment.deploymentBlock + 1n,
  });
  const accounts = [
    ...new Set(logs.flatMap((log) => (log.args.enabled && log.args.investor ? [log.args.investor] : []))),
  ];
  if (accounts.length === 0) return [];
  const fund = fundContract(deployment);
  const [positions, investors] = await Promise.all([
    readContracts(
      client,
      accounts.map((account) => ({ ...fund, functionName: "getPosition", args: [account, BigInt(vaultId)] }) as const),
    ),
    readContracts(
      client,
      accounts.map((account) => ({ ...fund, functionName: "getInvestorData", args: [account] }) as const),
    ),
  ]);
  const candidates = accounts.filter((_, i) => {
    const position = positions[i];
    const votingPower = investors[i]?.[4] ?? 0n;
    return position?.rollOver === true && position.shares === 0n && votingPower > 0n;
  });
  const stale = await Promise.all(
    candidates.map(async (account) => {
      const { result } = await simulateContract(client, {
        ...fund,
        functionName: "syncPositions",
        args: [[account], BigInt(vaultId)],
        account: account,
      });
      return result === 1n;
    }),
  );
  return candidates.filter((_, i) => stale[i]);
}
