// @ts-check
/**
 * What the journeys do on the chain outside the app: the parties the app does not drive (the
 * trading wallets returning funds), anvil time travel, and reads that check the app's figures.
 */

import { connect } from "@fundament/scripts/lib/chain";
import { loadArtifact, loadFundAbi } from "@fundament/scripts/lib/foundry";
import { buildSettlementReport, publishReports } from "@fundament/scripts/lib/round-report";
import { send as sendFromDevAccount } from "@fundament/scripts/seed/context";
import { devAccount, devAccountIndex } from "@fundament/test-chain";
import { createTestClient, createWalletClient, http, parseUnits } from "viem";

/** The contract's `PoolState.Settled`. */
const SETTLED_STATE = 3;

/**
 * @param {string} rpcUrl
 * @param {import("@fundament/scripts/deploy").Deployment} deployment
 * @param {{ apiUrl?: string }} [options] where settled rounds' reports are published (`settleRound`)
 */
export async function chainTools(rpcUrl, deployment, { apiUrl } = {}) {
  const { chain, publicClient } = await connect(rpcUrl);
  const investmentFundAbi = loadFundAbi();
  const governorAbi = loadArtifact("FundGovernor.sol", "FundGovernor").abi;
  // The fund's and its governor's functions in one ABI; `readFund` asks the contract that has the function.
  const fundAbi = [...investmentFundAbi, ...governorAbi];
  const governorFunctions = new Set(governorAbi.flatMap((item) => (item.type === "function" ? [item.name] : [])));
  const tokenAbi = loadArtifact("MockUSDC.sol", "MockUSDC").abi;
  const testClient = createTestClient({ chain, mode: "anvil", transport: http(rpcUrl) });
  const wallet = createWalletClient({ chain, transport: http(rpcUrl) });
  const fund = deployment.investmentFund;
  const token = deployment.investmentToken;

  /**
   * @param {number} from dev account index (anvil signs)
   * @param {import("viem").Address} address
   * @param {import("viem").Abi} abi
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   */
  const send = async (from, address, abi, functionName, args = []) => {
    await sendFromDevAccount({ publicClient, wallet }, from, { address, abi, functionName, args });
  };
  /** @param {string} functionName @param {readonly unknown[]} [args] @returns {Promise<any>} */
  const readFund = (functionName, args = []) =>
    publicClient.readContract({
      address: governorFunctions.has(functionName) ? deployment.fundGovernor : fund,
      abi: fundAbi,
      functionName,
      args,
    });
  /** @param {string} functionName @param {readonly unknown[]} [args] @returns {Promise<any>} */
  const readToken = (functionName, args = []) =>
    publicClient.readContract({ address: token, abi: tokenAbi, functionName, args });

  /** @param {bigint | number} vaultId @returns {Promise<bigint>} */
  const currentPoolId = (vaultId) => readFund("currentPoolId", [BigInt(vaultId)]);

  /**
   * What `startLockupPeriod` sent trading wallet `address` from the vault's locked pool (the last wallet gets the
   * rounding dust), or 0 when it is not one of the pool's wallets.
   * @param {bigint | number} vaultId @param {import("viem").Address} address
   */
  const sentTo = async (vaultId, address) => {
    const poolId = await currentPoolId(vaultId);
    const { preLockupTotal } = await readFund("getPoolInfo", [poolId]);
    /** @type {[import("viem").Address[], bigint[]]} */
    const [wallets, allocations] = await readFund("getTradingWallets", [poolId]);
    let sent = 0n;
    for (let i = 0; i < wallets.length; i++) {
      const allocation = allocations[i] ?? 0n;
      const share = i + 1 === wallets.length ? preLockupTotal - sent : (preLockupTotal * allocation) / 10_000n;
      sent += share;
      if (wallets[i]?.toLowerCase() === address.toLowerCase()) return share;
    }
    return 0n;
  };

  /**
   * A trading wallet returns what it received plus `profitBps` (negative for a loss) and approves the fund to
   * collect it; resolves with the amount approved. With `vaultId`, "what it received" is what the vault's locked
   * pool sent it; without, its whole token balance.
   * @param {number} index @param {bigint} profitBps @param {bigint | number} [vaultId]
   */
  const prepareReturn = async (index, profitBps, vaultId) => {
    const address = devAccount(index).address;
    /** @type {bigint} */
    const held = vaultId === undefined ? await readToken("balanceOf", [address]) : await sentTo(vaultId, address);
    const amount = held + (held * profitBps) / 10_000n;
    /** @type {bigint} */
    const balance = await readToken("balanceOf", [address]);
    if (amount > balance) await send(index, token, tokenAbi, "mint", [address, amount - balance]);
    await send(index, token, tokenAbi, "approve", [fund, amount]);
    return amount;
  };

  /** @param {number} seconds */
  const travel = async (seconds) => {
    await testClient.increaseTime({ seconds });
    await testClient.mine({ blocks: 1 });
  };

  /**
   * Moves the clock past the challenge window of the settlement proposed for `poolId` and has account 3 (anyone may)
   * finalise it; nothing when the round already settled at once.
   * @param {bigint} vaultId @param {bigint} poolId
   */
  const finalizeAfterWindow = async (vaultId, poolId) => {
    const { finalAt, state } = await readFund("getPoolInfo", [poolId]);
    if (Number(state) === SETTLED_STATE || finalAt === 0n) return;
    const latest = await publicClient.getBlock();
    if (latest.timestamp < finalAt) await travel(Number(finalAt - latest.timestamp));
    await send(3, fund, fundAbi, "finalizeSettlement", [vaultId]);
  };

  return {
    publicClient,
    readFund,
    finalizeAfterWindow,
    readToken,
    /** Token units of a whole amount (6 decimals). @param {number | string} whole */
    units: (whole) => parseUnits(String(whole), 6),
    travel,
    /** Gives a dev account tokens (MockUSDC's open mint). @param {number} index @param {bigint} amount */
    mint: (index, amount) => send(index, token, tokenAbi, "mint", [devAccount(index).address, amount]),
    prepareReturn,
    /** @param {number} from @param {string} functionName @param {readonly unknown[]} [args] */
    sendFund: (from, functionName, args = []) => send(from, fund, fundAbi, functionName, args),
    /**
     * A governor write from dev account `from` (a vote cast outside the app).
     * @param {number} from @param {string} functionName @param {readonly unknown[]} [args]
     */
    sendGovernor: (from, functionName, args = []) =>
      send(from, deployment.fundGovernor, governorAbi, functionName, args),

    // The vault dimension: reads and the parties the app does not drive, per vault.
    currentPoolId,
    /**
     * `getVault(vaultId)`: {name, currentPoolId, round, isLocked, minimumInvestment, lockupPeriodDuration, ...}.
     * @param {bigint | number} vaultId @returns {Promise<any>}
     */
    vault: (vaultId) => readFund("getVault", [BigInt(vaultId)]),
    /**
     * `getPoolInfo(poolId)`: {vaultId, round, state, totalFunds, preLockupTotal, collected, postLockupTotal, ...}.
     * @param {bigint | number} poolId @returns {Promise<any>}
     */
    pool: (poolId) => readFund("getPoolInfo", [BigInt(poolId)]),
    /**
     * `getPosition(account, vaultId)`: {poolId, shares, principal, rollOver, value, withdrawable, poolState}.
     * @param {number} index dev account @param {bigint | number} vaultId @returns {Promise<any>}
     */
    position: (index, vaultId) => readFund("getPosition", [devAccount(index).address, BigInt(vaultId)]),
    /**
     * An investor deposits outside the app (approve + `invest(vaultId, amount)`).
     * @param {number} index @param {bigint | number} vaultId @param {bigint} amount
     */
    invest: async (index, vaultId, amount) => {
      await send(index, token, tokenAbi, "approve", [fund, amount]);
      await send(index, fund, fundAbi, "invest", [BigInt(vaultId), amount]);
    },
    /** Moves the chain clock past the vault's locked pool's lockup end. @param {bigint | number} vaultId */
    travelPastLockup: async (vaultId) => {
      const [, , isLocked, lockupEndTime] = await readFund("getCurrentPoolData", [BigInt(vaultId)]);
      if (!isLocked) throw new Error(`vault ${vaultId}'s pool is not locked`);
      const latest = await publicClient.getBlock();
      if (latest.timestamp <= lockupEndTime) await travel(Number(lockupEndTime - latest.timestamp) + 1);
    },
    /**
     * Settles the vault's locked round outside the app: every trading wallet of the pool returns what it was sent
     * plus `profitBps`, the admin (account 0) collects it, builds the round's NAV report from the chain (as the API
     * does) and calls `endLockupPeriod` (or `endLockupPeriodAtLoss` below the principal) with its hash, then publishes
     * the report to the API. In a vault with a challenge window (the seed gives the NFT lending vault one day) that is
     * a proposal: the clock moves past its window and account 3 finalises it. Travel past the lockup end first.
     * Resolves with the settled pool id, the total and the report.
     * @param {bigint | number} vaultId @param {bigint} profitBps
     */
    settleRound: async (vaultId, profitBps) => {
      const id = BigInt(vaultId);
      const poolId = await currentPoolId(id);
      /** @type {[import("viem").Address[]]} */
      const [wallets] = await readFund("getTradingWallets", [poolId]);
      let total = 0n;
      for (const wallet of wallets) {
        const index = devAccountIndex(wallet);
        const amount = await prepareReturn(index, profitBps, id);
        if (amount > 0n) await send(0, fund, fundAbi, "collectFundsFromTradingWallet", [id, wallet, amount]);
        total += amount;
      }
      const { preLockupTotal } = await readFund("getPoolInfo", [poolId]);
      const report = await buildSettlementReport(publicClient, deployment, id, poolId);
      const settle = total < preLockupTotal ? "endLockupPeriodAtLoss" : "endLockupPeriod";
      await send(0, fund, fundAbi, settle, [id, total, report.hash]);
      if (apiUrl) await publishReports(apiUrl, [report]);
      await finalizeAfterWindow(id, poolId);
      return { poolId, total, report };
    },
  };
}
