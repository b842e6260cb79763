/**
 * Direct contract calls on the test anvil, for tests that set up the state they need themselves rather than rely on
 * the demo seed: a fresh vault of their own (`createVault`), its trading wallet (an impersonated address), investors,
 * lockups and settlements, time travel. Every call is sent from an unlocked or impersonated account with
 * `eth_sendTransaction` and waits for its receipt; a revert throws with the node's message. Run them inside
 * `withSnapshot` so other tests see the chain as seeded.
 */
import {
  buildRoundReport,
  createFundPublicClient,
  fundGovernorAbi,
  fundTimelockAbi,
  governorAddress,
  hashRoundReport,
  investmentFundAbi,
  mockUsdcAbi,
  type RoundReport,
  type RoundReportManualItem,
  serializeRoundReport,
} from "@fundament/sdk";
import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  parseUnits,
} from "viem";
import { inject } from "vitest";
import { DEV_ACCOUNTS, testConfig } from "./render";
import { rpcUrl } from "./testChain.js";

/** The admin (deployer). */
export const ADMIN = DEV_ACCOUNTS[0] as Address;
/**
 * The trading wallet of a test vault (impersonated): one address per vault, as the fund lets a wallet serve one vault
 * at a time. No seeded vault uses these.
 */
export const traderOf = (vaultId: number): Address => `0x7e57${vaultId.toString(16).padStart(36, "0")}` as Address;

export const fundAddress = () => inject("deployment").investmentFund as Address;
export const tokenAddress = () => inject("deployment").investmentToken as Address;

/** The fund's and its governor's functions in one ABI: each call goes to the contract that has the function. */
const fundAndGovernorAbi = [...investmentFundAbi, ...fundGovernorAbi] as const;
const governorFunctions: ReadonlySet<string> = new Set(
  fundGovernorAbi.filter((item) => item.type === "function").map((item) => item.name),
);
const targetOf = (functionName: string): Address =>
  governorFunctions.has(functionName)
    ? governorAddress({ investmentFund: fundAddress(), fundGovernor: inject("deployment").fundGovernor as Address })
    : fundAddress();

/** Whole tokens of the 6-decimal test token to units. */
export const usdc = (amount: string | number) => parseUnits(String(amount), 6);

async function call<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Sends a transaction and waits for its receipt; throws when it reverts. */
export async function send(from: Address, to: Address, data: Hex): Promise<void> {
  const hash = await call<Hex>("eth_sendTransaction", [{ from, to, data }]);
  for (let i = 0; i < 100; i++) {
    const receipt = await call<{ status: Hex } | null>("eth_getTransactionReceipt", [hash]);
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`transaction ${hash} reverted`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no receipt for ${hash}`);
}

/**
 * The fund's functions that only its default admin may call: the seed hands that role to the FundTimelock, so an admin
 * write of one of them is scheduled there, the clock moved past the delay, and executed (as anyone may).
 */
const TIMELOCKED: ReadonlySet<string> = new Set([
  "addTradingWallet",
  "setLockupPeriodDuration",
  "setFundWallet",
  "setChallengeWindow",
  "setSettlementBounds",
  "grantRole",
]);
const timelockAddress = () => inject("deployment").fundTimelock as Address;
let saltCounter = 0;

async function throughTimelock(from: Address, data: Hex): Promise<void> {
  const delayData = encodeFunctionData({ abi: fundTimelockAbi, functionName: "getMinDelay" });
  const delay = BigInt(await call<Hex>("eth_call", [{ to: timelockAddress(), data: delayData }, "latest"]));
  saltCounter += 1;
  const salt = `0x${Date.now().toString(16).padStart(48, "0")}${saltCounter.toString(16).padStart(16, "0")}` as Hex;
  const operation = [fundAddress(), 0n, data, `0x${"00".repeat(32)}`, salt] as const;
  await send(
    from,
    timelockAddress(),
    encodeFunctionData({ abi: fundTimelockAbi, functionName: "schedule", args: [...operation, delay] }),
  );
  await increaseTime(Number(delay));
  await send(
    from,
    timelockAddress(),
    encodeFunctionData({ abi: fundTimelockAbi, functionName: "execute", args: operation }),
  );
}

type FundAbi = typeof fundAndGovernorAbi;
type FundWrite = ContractFunctionName<FundAbi, "nonpayable">;
type FundRead = ContractFunctionName<FundAbi, "view" | "pure">;

/**
 * A fund write from `from`. `timelock`: the admin's write goes through the timelock even though its function is not
 * always the default admin's (a raise of `setFees` or `setCaps`, which an admin may cut or lower at once).
 */
export function fundWrite<F extends FundWrite>(
  from: Address,
  functionName: F,
  args: ContractFunctionArgs<FundAbi, "nonpayable", F>,
  { timelock = false }: { timelock?: boolean } = {},
): Promise<void> {
  const data = encodeFunctionData({
    abi: fundAndGovernorAbi as Abi,
    functionName: functionName as string,
    args: args as readonly unknown[],
  });
  if (from === ADMIN && (timelock || TIMELOCKED.has(functionName))) return throughTimelock(from, data);
  return send(from, targetOf(functionName), data);
}

/** A fund view, decoded. */
export async function fundRead<F extends FundRead>(
  functionName: F,
  args: ContractFunctionArgs<FundAbi, "view" | "pure", F>,
  // biome-ignore lint/suspicious/noExplicitAny: the decoded shape depends on the function; callers cast it.
): Promise<any> {
  const data = encodeFunctionData({
    abi: fundAndGovernorAbi as Abi,
    functionName: functionName as string,
    args: args as readonly unknown[],
  });
  const result = await call<Hex>("eth_call", [{ to: targetOf(functionName), data }, "latest"]);
  return decodeFunctionResult({ abi: fundAndGovernorAbi as Abi, functionName: functionName as string, data: result });
}

function tokenWrite(from: Address, functionName: "mint" | "approve", args: readonly unknown[]): Promise<void> {
  return send(from, tokenAddress(), encodeFunctionData({ abi: mockUsdcAbi as Abi, functionName, args }));
}

/** Moves the chain's clock on by `seconds` and mines a block. */
export async function increaseTime(seconds: number): Promise<void> {
  await call("evm_increaseTime", [seconds]);
  await call("evm_mine");
}

/** Lets tests send from `address` (with ether for gas). */
async function impersonate(address: Address): Promise<void> {
  await call("anvil_impersonateAccount", [address]);
  await call("anvil_setBalance", [address, "0x56BC75E2D63100000"]);
}

/**
 * A fresh vault of the test's own: `name`, minimum and lockup as given, with `traderOf(id)` as its only trading wallet
 * (100%). Returns its vault id.
 */
export async function createTestVault(
  name = "Test vault",
  { minimum = usdc(100), lockupSeconds = 7 * 86_400 }: { minimum?: bigint; lockupSeconds?: number } = {},
): Promise<number> {
  await fundWrite(ADMIN, "createVault", [name, minimum, BigInt(lockupSeconds)]);
  const vaultId = Number(await fundRead("vaultCount", []));
  await impersonate(traderOf(vaultId));
  await fundWrite(ADMIN, "addTradingWallet", [BigInt(vaultId), traderOf(vaultId), "Test desk", 10_000n]);
  return vaultId;
}

/** `investor` (whitelisted here if need be, given the tokens) invests `amount` units in `vaultId`. */
export async function investIn(investor: Address, vaultId: number, amount: bigint): Promise<void> {
  if (!(await fundRead("isWhitelisted", [investor]))) await fundWrite(ADMIN, "whitelistInvestor", [investor]);
  await tokenWrite(investor, "mint", [investor, amount]);
  await tokenWrite(investor, "approve", [fundAddress(), amount]);
  await fundWrite(investor, "invest", [BigInt(vaultId), amount]);
}

/** The admin locks `vaultId`'s open round (its funds go to `traderOf(vaultId)`). */
export const lockVault = (vaultId: number) => fundWrite(ADMIN, "startLockupPeriod", [BigInt(vaultId)]);

/** `vaultId`'s trader makes `amount` units collectable by the fund (minted on top of what it holds, then approved). */
export async function approveReturn(vaultId: number, amount: bigint): Promise<void> {
  const trader = traderOf(vaultId);
  await tokenWrite(trader, "mint", [trader, amount]);
  await tokenWrite(trader, "approve", [fundAddress(), amount]);
}

/** Moves the chain's clock past the end of `vaultId`'s lockup. */
export async function endLockupTime(vaultId: number): Promise<void> {
  const vault = (await fundRead("getVault", [BigInt(vaultId)])) as { lockupPeriodDuration: bigint };
  await increaseTime(Number(vault.lockupPeriodDuration) + 60);
}

/**
 * `vaultId`'s trader returns `returned` units for `vaultId`'s locked round and the admin collects them; then the lockup is
 * left to end. Does not settle.
 */
export async function returnFunds(vaultId: number, returned: bigint): Promise<void> {
  await approveReturn(vaultId, returned);
  await fundWrite(ADMIN, "collectFundsFromTradingWallet", [BigInt(vaultId), traderOf(vaultId), returned]);
  await endLockupTime(vaultId);
}

/** A round's NAV report as the API builds it (the SDK, at the latest block, no exchange account). */
export type SettlementReport = { vaultId: number; poolId: bigint; report: RoundReport; text: string; hash: Hex };

/** `vaultId`'s current pool id. */
export async function currentPoolId(vaultId: number): Promise<bigint> {
  return ((await fundRead("getCurrentPoolData", [BigInt(vaultId)])) as readonly [bigint])[0];
}

/** Builds pool `poolId`'s report from the test chain now, as the API does: its canonical text and its hash. */
export async function buildReport(
  poolId: bigint,
  manualItems: readonly RoundReportManualItem[] = [],
): Promise<Omit<SettlementReport, "vaultId">> {
  const { deployment } = testConfig();
  const client = createFundPublicClient({ chainId: deployment.chainId, rpcUrl });
  const report = await buildRoundReport(client, { deployment, poolId, exchange: null, manualItems });
  return { poolId, report, text: serializeRoundReport(report), hash: hashRoundReport(report) };
}

/**
 * The admin settles `vaultId`'s locked round with what was collected and the hash of its report, built first (as a
 * loss when it is one). Returns the report the settlement carries.
 */
export async function settleRound(
  vaultId: number,
  { manualItems = [] }: { manualItems?: readonly RoundReportManualItem[] } = {},
): Promise<SettlementReport> {
  const built = { vaultId, ...(await buildReport(await currentPoolId(vaultId), manualItems)) };
  const info = (await fundRead("getPoolInfo", [built.poolId])) as { preLockupTotal: bigint; collected: bigint };
  await fundWrite(ADMIN, info.collected < info.preLockupTotal ? "endLockupPeriodAtLoss" : "endLockupPeriod", [
    BigInt(vaultId),
    info.collected,
    built.hash,
  ]);
  return built;
}

/**
 * A full round of `vaultId` from its open state: lock, return `returned`, settle with its report (as a loss when it is
 * one). Returns the report the settlement carries.
 */
export async function runRound(
  vaultId: number,
  returned: bigint,
  options: { manualItems?: readonly RoundReportManualItem[] } = {},
): Promise<SettlementReport> {
  await lockVault(vaultId);
  await returnFunds(vaultId, returned);
  return settleRound(vaultId, options);
}

/** `investor`'s position in `vaultId`, as the contract reports it. */
export async function positionOf(
  investor: Address,
  vaultId: number,
): Promise<{
  poolId: bigint;
  shares: bigint;
  principal: bigint;
  rollOver: boolean;
  value: bigint;
  withdrawable: bigint;
  poolState: number;
}> {
  return fundRead("getPosition", [investor, BigInt(vaultId)]);
}
