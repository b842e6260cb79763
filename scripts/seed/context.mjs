// @ts-check
/**
 * What every step of the seed works with, built once by `createSeedContext`: the clients, the deployment and its ABIs,
 * the token's decimals and symbol, the NAV reports collected so far, and the log. Beside it the shared helpers every
 * step uses: typed reads, send-and-wait from a dev account, and time travel.
 */
import { devAccount, LOCAL_CHAIN_ID } from "@fundament/test-chain";
import { createTestClient, createWalletClient, formatUnits, http, parseUnits } from "viem";
import { connect } from "../lib/chain.mjs";
import { loadArtifact, loadFundAbi } from "../lib/foundry.mjs";
import { FUTURES_VAULT } from "./constants.mjs";

/** @typedef {import("viem").Address} Address */
/** @typedef {import("../deploy.mjs").Deployment} Deployment */
/** @typedef {import("../lib/abis.mjs").InvestmentFundAbi} InvestmentFundAbi */
/** @typedef {import("../lib/abis.mjs").FundGovernorAbi} FundGovernorAbi */
/** @typedef {import("../lib/abis.mjs").FundTimelockAbi} FundTimelockAbi */
/** @typedef {import("../lib/abis.mjs").MockUsdcAbi} MockUsdcAbi */
/** @template {import("viem").Abi} abi @typedef {import("../lib/abis.mjs").WriteCall<abi>} WriteCall */

/**
 * @typedef {object} SeedContext
 * @property {LocalClients["publicClient"]} publicClient
 * @property {LocalClients["wallet"]} wallet sends from anvil's unlocked dev accounts
 * @property {LocalClients["testClient"]} testClient moves the chain clock
 * @property {Deployment} deployment
 * @property {ReturnType<typeof loadSeedAbis>} abis
 * @property {(line: string) => void} log
 * @property {number} decimals the investment token's
 * @property {string} symbol the investment token's
 * @property {import("../lib/round-report.mjs").SettlementReport[]} reports the settled rounds' NAV reports, for the
 *   API once it runs
 */
/** @typedef {Awaited<ReturnType<typeof connectLocal>>} LocalClients */

/**
 * Connects to the local chain at `rpcUrl`, checks that `deployment` is there and has run no rounds yet, and returns
 * the seed's context.
 * @param {{ rpcUrl: string, deployment: Deployment, log: (line: string) => void }} parameters
 * @returns {Promise<SeedContext>}
 */
export async function createSeedContext({ rpcUrl, deployment, log }) {
  const { chainId, publicClient, wallet, testClient } = await connectLocal(rpcUrl);
  if (deployment.chainId !== chainId) throw new Error(`deployment is for chain ${deployment.chainId}, not ${chainId}`);
  const abis = loadSeedAbis();
  const fund = deployment.investmentFund;
  const fundCode = await publicClient.getCode({ address: fund });
  if (!fundCode || fundCode === "0x") throw new Error(`no InvestmentFund at ${fund} on ${rpcUrl}: deploy first`);

  /** @type {SeedContext} */
  const context = { publicClient, wallet, testClient, deployment, abis, log, decimals: 0, symbol: "", reports: [] };
  if ((await readFund(context, "poolCount", [])) !== 2n) {
    throw new Error("the fund has run rounds already: seed a fresh deployment");
  }
  context.decimals = await readToken(context, "decimals", []);
  context.symbol = await readToken(context, "symbol", []);
  return context;
}

/**
 * The clients of the local chain at `rpcUrl`; fails on any other chain.
 * @param {string} rpcUrl
 */
async function connectLocal(rpcUrl) {
  const { chainId, chain, publicClient } = await connect(rpcUrl);
  if (chainId !== LOCAL_CHAIN_ID)
    throw new Error(`seed runs on the local chain (${LOCAL_CHAIN_ID}) only, not ${chainId}`);
  const wallet = createWalletClient({ chain, transport: http(rpcUrl) });
  const testClient = createTestClient({ chain, mode: "anvil", transport: http(rpcUrl) });
  return { chainId, publicClient, wallet, testClient };
}

/** The ABIs the seed calls, from the forge artifacts. */
function loadSeedAbis() {
  return {
    fund: /** @type {InvestmentFundAbi} */ (loadFundAbi()),
    token: /** @type {MockUsdcAbi} */ (loadArtifact("MockUSDC.sol", "MockUSDC").abi),
    governor: /** @type {FundGovernorAbi} */ (loadArtifact("FundGovernor.sol", "FundGovernor").abi),
    timelock: /** @type {FundTimelockAbi} */ (loadArtifact("FundTimelock.sol", "FundTimelock").abi),
  };
}

/**
 * A view of the fund, its arguments and result typed from the ABI.
 * @template {import("viem").ContractFunctionName<InvestmentFundAbi, "pure" | "view">} functionName
 * @template {import("viem").ContractFunctionArgs<InvestmentFundAbi, "pure" | "view", functionName>} args
 * @param {SeedContext} context
 * @param {functionName} functionName
 * @param {args} args
 */
export function readFund({ publicClient, deployment, abis }, functionName, args) {
  return publicClient.readContract({ address: deployment.investmentFund, abi: abis.fund, functionName, args });
}

/**
 * A view of the fund's governor (proposals and votes), typed likewise.
 * @template {import("viem").ContractFunctionName<FundGovernorAbi, "pure" | "view">} functionName
 * @template {import("viem").ContractFunctionArgs<FundGovernorAbi, "pure" | "view", functionName>} args
 * @param {SeedContext} context
 * @param {functionName} functionName
 * @param {args} args
 */
export function readGovernor({ publicClient, deployment, abis }, functionName, args) {
  return publicClient.readContract({ address: deployment.fundGovernor, abi: abis.governor, functionName, args });
}

/**
 * A view of the token, typed likewise.
 * @template {import("viem").ContractFunctionName<MockUsdcAbi, "pure" | "view">} functionName
 * @template {import("viem").ContractFunctionArgs<MockUsdcAbi, "pure" | "view", functionName>} args
 * @param {SeedContext} context
 * @param {functionName} functionName
 * @param {args} args
 */
export function readToken({ publicClient, deployment, abis }, functionName, args) {
  return publicClient.readContract({ address: deployment.investmentToken, abi: abis.token, functionName, args });
}

/**
 * The timelock's delay (`getMinDelay`), in seconds.
 * @param {SeedContext} context
 */
export function readTimelockDelay({ publicClient, deployment, abis }) {
  return publicClient.readContract({
    address: deployment.fundTimelock,
    abi: abis.timelock,
    functionName: "getMinDelay",
  });
}

/**
 * A pool's trading wallets (`getTradingWallets`: three lists of the same length) as one list.
 * @param {SeedContext} context
 * @param {bigint} poolId
 */
export async function readTradingWallets(context, poolId) {
  const [wallets, allocations, walletTypes] = await readFund(context, "getTradingWallets", [poolId]);
  return wallets.map((address, i) => {
    const allocation = allocations[i];
    const walletType = walletTypes[i];
    if (allocation === undefined || walletType === undefined) {
      throw new Error(`getTradingWallets(${poolId}) returned lists of different lengths`);
    }
    return { address, allocation, walletType };
  });
}

/**
 * Sends a transaction from an unlocked dev account and waits for it to be mined. Its callers check the call against
 * the contract's ABI (`sendFund`, `sendToken`).
 * @param {Pick<SeedContext, "publicClient" | "wallet">} context (the journeys' chain tools send with it too)
 * @param {number} from dev account index
 * @param {import("viem").ContractFunctionParameters & { address: Address }} call
 */
export async function send({ publicClient, wallet }, from, { address, abi, functionName, args = [] }) {
  const account = devAccount(from).address;
  // Gas estimated against the pending block, where the transaction lands: against the latest one, a call that
  // moves the sender's voting power looks cheaper than it is (it would update the checkpoint written in that
  // block instead of adding one), and a withdraw right after another one ran out of gas. Plus a fifth, as the
  // SDK does.
  const estimate = await publicClient.estimateContractGas({
    account,
    address,
    abi,
    functionName,
    args,
    blockTag: "pending",
  });
  const gas = estimate + estimate / 5n;
  const hash = await wallet.writeContract({ account, address, abi, functionName, args, gas });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${functionName} from account ${from} reverted (tx ${hash})`);
  return receipt;
}

/** @param {SeedContext} context @param {number} from @param {WriteCall<InvestmentFundAbi>} call */
export const sendFund = (context, from, call) =>
  send(context, from, { address: context.deployment.investmentFund, abi: context.abis.fund, ...call });
/** @param {SeedContext} context @param {number} from @param {WriteCall<FundGovernorAbi>} call */
export const sendGovernor = (context, from, call) =>
  send(context, from, { address: context.deployment.fundGovernor, abi: context.abis.governor, ...call });
/** @param {SeedContext} context @param {number} from @param {WriteCall<FundTimelockAbi>} call */
export const sendTimelock = (context, from, call) =>
  send(context, from, { address: context.deployment.fundTimelock, abi: context.abis.timelock, ...call });
/** @param {SeedContext} context @param {number} from @param {WriteCall<MockUsdcAbi>} call */
export const sendToken = (context, from, call) =>
  send(context, from, { address: context.deployment.investmentToken, abi: context.abis.token, ...call });

/**
 * Moves the chain clock `seconds` on and mines a block there.
 * @param {SeedContext} context @param {number} seconds
 */
export async function travel({ testClient }, seconds) {
  await testClient.increaseTime({ seconds });
  await testClient.mine({ blocks: 1 });
}

/** Whole tokens in the token's base units. @param {SeedContext} context @param {number} whole */
export const units = ({ decimals }, whole) => parseUnits(String(whole), decimals);

/** An amount with its symbol, for the log. @param {SeedContext} context @param {bigint} amount */
export const fmt = ({ decimals, symbol }, amount) => `${formatAmount(amount, decimals)} ${symbol}`;

/** @param {bigint} vaultId */
export const vaultName = (vaultId) => (vaultId === FUTURES_VAULT ? "futures" : "NFT lending");

/**
 * `1234.5` style token amount with thousands separators and 2 decimals.
 * @param {bigint} amount
 * @param {number} decimals
 */
export function formatAmount(amount, decimals) {
  return Number(formatUnits(amount, decimals)).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
