// @ts-check
/**
 * Deploys the InvestmentFund (and, on the local chain, the MockUSDC investment token) and
 * writes `contracts/deployments/<chainId>.json`. The constructor creates the fund's two vaults: vault 1,
 * the Crypto futures trading vault (its first pool is pool 1), and vault 2, the NFT lending vault (pool 2),
 * both with the same minimum investment and lockup length; an admin changes them per vault later
 * (`setMinimumInvestment(vaultId, x)`, `setLockupPeriodDuration(vaultId, x)`).
 *
 *   node scripts/deploy.mjs            # reads RPC_URL, PRIVATE_KEY, ... (see .env.example)
 *
 * On chain 31337 (anvil) everything has a default: anvil account 0 deploys and becomes the
 * admin, a fresh MockUSDC is the investment token and anvil account 9 is the fund wallet.
 * Elsewhere PRIVATE_KEY, INVESTMENT_TOKEN_ADDRESS and FUND_WALLET are required.
 *
 * Smart accounts (ERC-4337): the EntryPoint v0.8 (at its canonical address, through the CREATE2 deployer, unless it
 * is already there, as on public networks) and the SimpleAccountFactory v0.8 (CREATE2 too), both from the npm
 * package `@account-abstraction/contracts`, then the fund's FundPaymaster, which sponsors the gas of whitelisted
 * investors' smart accounts up to a budget per account: it gets a deposit at the EntryPoint (PAYMASTER_DEPOSIT_WEI;
 * 100 ETH on 31337) and the budget (SPONSOR_BUDGET_WEI; 0.1 ETH per account on 31337). The bundler's URL is
 * configuration (BUNDLER_URL); `npm start` runs Alto and writes its URL into the record.
 *
 * DEX (Uniswap V2): on 31337 WETH9, UniswapV2Factory and UniswapV2Router02 from the official npm build artifacts,
 * a second mock token mWBTC (8 decimals), and pools with depth from the deployer (`scripts/lib/dex.mjs`: WETH/mUSDC
 * at 3,000 mUSDC per ETH, mWBTC/mUSDC at 60,000 mUSDC per mWBTC); dev accounts 1-5 get some mWBTC. Elsewhere the
 * DEX comes from configuration (DEX_ROUTER_ADDRESS, DEX_FACTORY_ADDRESS, WETH_ADDRESS), all three or none. The
 * record's `dex` and `tokens` (the investment token first) are what the wallet lists and swaps.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { devAccount, LOCAL_CHAIN_ID } from "@fundament/test-chain";
import { createWalletClient, encodeDeployData, getAddress, http, keccak256, parseEther, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  deployDeterministic,
  ENTRY_POINT_SALT,
  ENTRY_POINT_V08,
  loadAccountAbstractionArtifact,
} from "./lib/bundler.mjs";
import { connect, loadDotEnv, parseAddressEnv, parseUintEnv } from "./lib/chain.mjs";
import { isMain, runCli } from "./lib/cli.mjs";
import { deployDex, readToken, seedDexPools } from "./lib/dex.mjs";
import { ensureArtifacts, linkArtifact, loadArtifact } from "./lib/foundry.mjs";
import { DEPLOYMENTS_DIR, ROOT } from "./lib/paths.mjs";

export const DEFAULT_RPC_URL = "http://127.0.0.1:8545";
/** 100 tokens of a 6-decimal token. */
export const DEFAULT_MINIMUM_INVESTMENT = 100_000000n;
/** 30 days, in seconds. */
export const DEFAULT_LOCKUP_PERIOD_DURATION = 30n * 24n * 60n * 60n;

/** @typedef {import("./lib/abis.mjs").InvestmentFundAbi} InvestmentFundAbi */
/** @typedef {import("./lib/abis.mjs").FundPaymasterAbi} FundPaymasterAbi */

const FUND_ARTIFACT = /** @type {const} */ (["InvestmentFund.sol", "InvestmentFund"]);
/** The external library the fund calls for its trading-wallet lists (deployed first, then linked into the fund). */
const WALLET_LIST_ARTIFACT = /** @type {const} */ (["TradingWalletList.sol", "TradingWalletList"]);
const SETTLEMENT_ARTIFACT = /** @type {const} */ (["Settlement.sol", "Settlement"]);
const TIMELOCK_ARTIFACT = /** @type {const} */ (["FundTimelock.sol", "FundTimelock"]);
const GOVERNOR_ARTIFACT = /** @type {const} */ (["FundGovernor.sol", "FundGovernor"]);
const TOKEN_ARTIFACT = /** @type {const} */ (["MockUSDC.sol", "MockUSDC"]);
const WBTC_ARTIFACT = /** @type {const} */ (["MockWBTC.sol", "MockWBTC"]);
const PAYMASTER_ARTIFACT = /** @type {const} */ (["FundPaymaster.sol", "FundPaymaster"]);
const FACADE_ARTIFACT = /** @type {const} */ (["FundVaultFacade.sol", "FundVaultFacade"]);
/** The vaults the fund's constructor creates: each gets its ERC-4626 / ERC-7540 read facade at deployment. */
const CONSTRUCTOR_VAULTS = [1n, 2n];
/** The public delay of a change that touches invested money (FundTimelock): two days, as the best vaults use. */
export const DEFAULT_TIMELOCK_DELAY = 2n * 24n * 3600n;
/** The local chain's delay: a few minutes (never zero), so the demo and the tests stay quick. */
export const LOCAL_TIMELOCK_DELAY = 5n * 60n;
/** The local chain's guardian: dev account 6. */
export const LOCAL_GUARDIAN_INDEX = 6;
/** keccak256("GUARDIAN_ROLE"), the fund's guardian role. */
const GUARDIAN_ROLE = keccak256(toHex("GUARDIAN_ROLE"));
/** The fund's default admin role, which the FundTimelock takes over. */
const DEFAULT_ADMIN_ROLE = /** @type {import("viem").Hex} */ (`0x${"00".repeat(32)}`);
/** The local chain's paymaster deposit at the EntryPoint: gas for many sponsored operations. */
export const LOCAL_PAYMASTER_DEPOSIT = parseEther("100");
/**
 * The local chain's sponsorship budget per smart account, enough for a demo: an operation uses ~404k gas when it
 * deploys the account (the first) and ~195k after, and the paymaster needs the operation's maximum cost (every gas
 * limit times maxFeePerGas) left before it sponsors it. Past the budget the account pays its own gas.
 */
export const LOCAL_SPONSOR_BUDGET = parseEther("0.1");

/**
 * @typedef {object} DeployParameters
 * @property {string} [rpcUrl] default http://127.0.0.1:8545
 * @property {number} [expectedChainId] fail unless the endpoint reports this chain id
 * @property {import("viem").Hex} [privateKey] default: anvil account 0, on chain 31337 only
 * @property {import("viem").Address} [investmentToken] required off the local chain; on 31337 a MockUSDC is deployed when unset
 * @property {import("viem").Address} [fundWallet] default: anvil account 9, on chain 31337 only
 * @property {bigint} [minimumInvestment] token base units, for both vaults; default 100_000000
 * @property {bigint} [lockupPeriodDuration] seconds, for both vaults; default 30 days
 * @property {import("viem").Address} [entryPoint] an EntryPoint v0.8 already on the chain; default: the canonical
 *   0x4337084D…f108, deployed when missing
 * @property {bigint} [paymasterDeposit] wei deposited for the FundPaymaster at the EntryPoint; default 100 ETH on
 *   31337, nothing elsewhere
 * @property {bigint} [timelockDelay] the FundTimelock's delay in seconds; default 2 days, 5 minutes on 31337
 * @property {import("viem").Address} [guardian] granted GUARDIAN_ROLE at deployment; default dev account 6 on 31337
 * @property {boolean} [handOver] whether the deployer gives up the default admin role at once (default: off the local
 *   chain; locally the seed hands over once the demo is set up)
 * @property {bigint} [sponsorBudget] the FundPaymaster's gas budget per smart account, in wei; default 0.1 ETH on
 *   31337, 0 (no sponsorship until an admin sets one) elsewhere
 * @property {string} [bundlerUrl] the ERC-4337 bundler's JSON-RPC URL, written into the record
 * @property {import("./lib/dex.mjs").Dex} [dex] a Uniswap V2 deployment already on the chain; default: none off
 *   31337, deployed (with mWBTC and seeded pools) on 31337
 * @property {string | false} [deploymentsDir] where to write `<chainId>.json`; false to skip writing
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} Deployment
 * @property {number} chainId
 * @property {import("viem").Address} investmentFund
 * @property {import("viem").Address} fundGovernor the fund's FundGovernor (proposals and votes), created by the fund
 * @property {import("viem").Address} tradingWalletList the TradingWalletList library linked into the fund
 * @property {import("viem").Address} settlement the Settlement library linked into the fund (round ends and starts)
 * @property {Record<string, import("viem").Address>} vaultFacades each constructor vault's FundVaultFacade (ERC-4626 /
 *   ERC-7540 reads for portfolio trackers), by vault id; anyone deploys one for a later vault
 * @property {import("viem").Address} fundTimelock the FundTimelock that holds the fund's default admin role: changes
 *   that touch invested money wait there `timelockDelay` seconds
 * @property {number} timelockDelay the timelock's delay at deployment, in seconds
 * @property {import("viem").Address | null} guardian the guardian granted at deployment (cancels pending changes)
 * @property {boolean} handedOver whether the deployer has given up the default admin role (the timelock is the top)
 * @property {import("viem").Address} investmentToken
 * @property {number} deploymentBlock the block of the InvestmentFund deployment
 * @property {import("viem").Address} deployer holds DEFAULT_ADMIN_ROLE and ADMIN_ROLE
 * @property {import("viem").Address} fundWallet
 * @property {string} minimumInvestment both vaults' minimum at deployment: token base units, as a decimal string
 * @property {number} lockupPeriodDuration both vaults' lockup length at deployment, in seconds
 * @property {import("viem").Address} entryPoint ERC-4337 EntryPoint v0.8
 * @property {import("viem").Address} accountFactory SimpleAccountFactory v0.8 (smart account = getAddress(owner, 0))
 * @property {import("viem").Address} fundPaymaster the fund's paymaster (sponsors whitelisted smart accounts)
 * @property {string | null} bundlerUrl the bundler's JSON-RPC URL, when known at deployment (npm start's Alto);
 *   otherwise the app's BUNDLER_URL
 * @property {string} deployedAt ISO 8601
 * @property {import("./lib/dex.mjs").Dex} [dex] Uniswap V2 factory, Router02 and WETH9, when the chain has a DEX
 * @property {import("./lib/dex.mjs").DeploymentToken[]} [tokens] the tokens the wallet lists and swaps besides
 *   native ETH: the investment token first
 * @property {Record<string, import("viem").Address>} [priceFeeds] price feeds on the chain by pair, e.g. the stack's
 *   local `"SOL/USD"` MockPriceFeed (SOLANA_SOL_USD_FEED)
 */

/**
 * Reads the deploy parameters from the environment (see `.env.example`).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {DeployParameters}
 */
export function deployParametersFromEnv(env = process.env) {
  const chainId = parseUintEnv("CHAIN_ID", env.CHAIN_ID);
  const privateKey = env.PRIVATE_KEY?.trim();
  if (privateKey && !/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new Error("PRIVATE_KEY must be a 0x-prefixed 32-byte hex string");
  }
  return {
    rpcUrl: env.RPC_URL?.trim() || DEFAULT_RPC_URL,
    expectedChainId: chainId === undefined ? undefined : Number(chainId),
    privateKey: privateKey ? /** @type {import("viem").Hex} */ (privateKey) : undefined,
    investmentToken: parseAddressEnv("INVESTMENT_TOKEN_ADDRESS", env.INVESTMENT_TOKEN_ADDRESS),
    fundWallet: parseAddressEnv("FUND_WALLET", env.FUND_WALLET),
    minimumInvestment: parseUintEnv("MINIMUM_INVESTMENT", env.MINIMUM_INVESTMENT),
    lockupPeriodDuration: parseUintEnv("LOCKUP_PERIOD_DURATION", env.LOCKUP_PERIOD_DURATION),
    entryPoint: parseAddressEnv("ENTRY_POINT_ADDRESS", env.ENTRY_POINT_ADDRESS),
    paymasterDeposit: parseUintEnv("PAYMASTER_DEPOSIT_WEI", env.PAYMASTER_DEPOSIT_WEI),
    sponsorBudget: parseUintEnv("SPONSOR_BUDGET_WEI", env.SPONSOR_BUDGET_WEI),
    timelockDelay: parseUintEnv("TIMELOCK_DELAY", env.TIMELOCK_DELAY),
    guardian: parseAddressEnv("GUARDIAN_ADDRESS", env.GUARDIAN_ADDRESS),
    ...(env.HAND_OVER?.trim() ? { handOver: env.HAND_OVER.trim() !== "0" } : {}),
    bundlerUrl: env.BUNDLER_URL?.trim() || undefined,
    dex: dexFromEnv(env),
  };
}

/**
 * The DEX from DEX_ROUTER_ADDRESS, DEX_FACTORY_ADDRESS and WETH_ADDRESS: all three or none.
 * @param {NodeJS.ProcessEnv} env
 * @returns {import("./lib/dex.mjs").Dex | undefined}
 */
function dexFromEnv(env) {
  const router = parseAddressEnv("DEX_ROUTER_ADDRESS", env.DEX_ROUTER_ADDRESS);
  const factory = parseAddressEnv("DEX_FACTORY_ADDRESS", env.DEX_FACTORY_ADDRESS);
  const weth = parseAddressEnv("WETH_ADDRESS", env.WETH_ADDRESS);
  if (!router && !factory && !weth) return undefined;
  if (!router || !factory || !weth) {
    throw new Error("DEX_ROUTER_ADDRESS, DEX_FACTORY_ADDRESS and WETH_ADDRESS go together: set all three or none");
  }
  return { router, factory, weth };
}

/**
 * Deploys the contracts and returns (and by default writes) the deployment record.
 * @param {DeployParameters} [parameters]
 * @returns {Promise<Deployment>}
 */
export async function deploy(parameters = {}) {
  const { deploymentsDir = DEPLOYMENTS_DIR, log = () => {} } = parameters;
  const context = await createDeployContext(parameters, log);
  const { publicClient, wallet, account, local, deployContract } = context;

  const mockInvestmentToken = !parameters.investmentToken;
  const investmentToken = await investmentTokenFor({
    publicClient,
    given: parameters.investmentToken,
    chainId: context.chainId,
    deployContract,
  });

  /** @type {import("viem").ContractConstructorArgs<InvestmentFundAbi>} */
  const fundArgs = [investmentToken, context.fundWallet, context.minimumInvestment, context.lockupPeriodDuration];
  const fund = await deployFund({ publicClient, fundArgs, deployContract, log });
  const timelock = await deployTimelock({
    publicClient,
    walletClient: wallet,
    fund: fund.fund.address,
    fundGovernor: fund.fundGovernor,
    local,
    parameters,
    deployContract,
    log,
  });

  const aa = await deployAccountAbstraction({
    publicClient,
    walletClient: wallet,
    fund: fund.fund.address,
    owner: account.address,
    entryPoint: parameters.entryPoint,
    paymasterDeposit: parameters.paymasterDeposit ?? (local ? LOCAL_PAYMASTER_DEPOSIT : 0n),
    sponsorBudget: parameters.sponsorBudget ?? (local ? LOCAL_SPONSOR_BUDGET : 0n),
    deployContract,
    log,
  });

  const { dex, tokens } = await deployDexAndTokens({
    publicClient,
    walletClient: wallet,
    local,
    givenDex: parameters.dex,
    investmentToken: getAddress(investmentToken),
    mockInvestmentToken,
    deployer: account.address,
    deployContract,
    log,
  });

  const deployment = deploymentRecord({ context, parameters, investmentToken, fund, timelock, aa, dex, tokens });
  if (deploymentsDir !== false) writeDeployment(deploymentsDir, deployment, log);
  return deployment;
}

/**
 * What every step of `deploy` works with: the chain (checked against `expectedChainId`), whether it is the local one,
 * the deployer's wallet, the fund wallet and the vaults' settings with their defaults, and `deployContract`. Fails
 * early when a required parameter is missing off the local chain; builds the forge artifacts it needs.
 * @param {DeployParameters} parameters
 * @param {(line: string) => void} log
 */
async function createDeployContext(parameters, log) {
  const {
    rpcUrl = DEFAULT_RPC_URL,
    expectedChainId,
    minimumInvestment = DEFAULT_MINIMUM_INVESTMENT,
    lockupPeriodDuration = DEFAULT_LOCKUP_PERIOD_DURATION,
  } = parameters;
  const { chainId, chain, publicClient } = await connect(rpcUrl);
  if (expectedChainId !== undefined && expectedChainId !== chainId) {
    throw new Error(`CHAIN_ID is ${expectedChainId} but ${rpcUrl} reports chain ${chainId}`);
  }
  const local = chainId === LOCAL_CHAIN_ID;

  const privateKey = parameters.privateKey ?? (local ? devAccount(0).privateKey : undefined);
  if (!privateKey) throw new Error(`PRIVATE_KEY is required to deploy on chain ${chainId}`);
  const fundWallet = parameters.fundWallet ?? (local ? devAccount(9).address : undefined);
  if (!fundWallet) throw new Error(`FUND_WALLET is required to deploy on chain ${chainId}`);
  if (!local && !parameters.investmentToken) {
    throw new Error(
      `INVESTMENT_TOKEN_ADDRESS is required to deploy on chain ${chainId} (a MockUSDC is deployed on 31337 only)`,
    );
  }

  const always = [FUND_ARTIFACT, WALLET_LIST_ARTIFACT, TIMELOCK_ARTIFACT, PAYMASTER_ARTIFACT];
  const mocks = parameters.investmentToken ? [] : [TOKEN_ARTIFACT, ...(local ? [WBTC_ARTIFACT] : [])];
  await ensureArtifacts([...always, ...mocks]);

  const account = privateKeyToAccount(privateKey);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  const deployContract = contractDeployer({ publicClient, wallet, log });
  return {
    chainId,
    local,
    publicClient,
    wallet,
    account,
    fundWallet,
    minimumInvestment,
    lockupPeriodDuration,
    deployContract,
  };
}

/**
 * A `DeployContract` that deploys from `wallet`, waits for the receipt, fails when it reverted and logs the address.
 * @param {{ publicClient: import("viem").PublicClient, wallet: import("viem").WalletClient<import("viem").Transport, import("viem").Chain, import("viem").Account>, log: (line: string) => void }} parameters
 * @returns {DeployContract}
 */
function contractDeployer({ publicClient, wallet, log }) {
  return async (artifact, args, label) => {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) {
      throw new Error(`${label} deployment reverted (tx ${hash})`);
    }
    const address = getAddress(receipt.contractAddress);
    log(`  ${label.padEnd(15)} ${address}  (block ${receipt.blockNumber})`);
    return { address, blockNumber: receipt.blockNumber };
  };
}

/**
 * The deployment record from what the steps deployed (its keys in the order the JSON file lists them).
 * @param {{
 *   context: Awaited<ReturnType<typeof createDeployContext>>,
 *   parameters: DeployParameters,
 *   investmentToken: import("viem").Address,
 *   fund: Awaited<ReturnType<typeof deployFund>>,
 *   timelock: Awaited<ReturnType<typeof deployTimelock>>,
 *   aa: Awaited<ReturnType<typeof deployAccountAbstraction>>,
 *   dex: import("./lib/dex.mjs").Dex | undefined,
 *   tokens: import("./lib/dex.mjs").DeploymentToken[],
 * }} parts
 * @returns {Deployment}
 */
function deploymentRecord({ context, parameters, investmentToken, fund, timelock, aa, dex, tokens }) {
  const { walletList, settlement, vaultFacades, fundGovernor } = fund;
  const { timelockDelay, guardian, handOver } = timelock;
  return {
    chainId: context.chainId,
    investmentFund: fund.fund.address,
    fundGovernor: getAddress(fundGovernor),
    tradingWalletList: walletList.address,
    settlement: settlement.address,
    fundTimelock: timelock.timelock.address,
    vaultFacades,
    timelockDelay: Number(timelockDelay),
    guardian: guardian ? getAddress(guardian) : null,
    handedOver: handOver,
    investmentToken: getAddress(investmentToken),
    deploymentBlock: Number(fund.fund.blockNumber),
    deployer: context.account.address,
    fundWallet: getAddress(context.fundWallet),
    minimumInvestment: context.minimumInvestment.toString(),
    lockupPeriodDuration: Number(context.lockupPeriodDuration),
    entryPoint: aa.entryPoint,
    accountFactory: aa.accountFactory,
    fundPaymaster: aa.fundPaymaster,
    bundlerUrl: parameters.bundlerUrl ?? null,
    deployedAt: new Date().toISOString(),
    ...(dex ? { dex } : {}),
    tokens,
  };
}

/**
 * Writes the record to `<dir>/<chainId>.json`.
 * @param {string} dir @param {Deployment} deployment @param {(line: string) => void} log
 */
function writeDeployment(dir, deployment, log) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${deployment.chainId}.json`);
  writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
  log(`  wrote ${relative(ROOT, file)}`);
}

/**
 * @typedef {(artifact: import("./lib/foundry.mjs").Artifact, args: readonly unknown[], label: string) => Promise<{ address: import("viem").Address, blockNumber: bigint }>} DeployContract
 */

/**
 * The investment token: the given one, checked to have code on the chain, or a MockUSDC deployed now.
 * @param {{ publicClient: import("viem").PublicClient, given: import("viem").Address | undefined, chainId: number, deployContract: DeployContract }} parameters
 * @returns {Promise<import("viem").Address>}
 */
async function investmentTokenFor({ publicClient, given, chainId, deployContract }) {
  if (!given) return (await deployContract(loadArtifact(...TOKEN_ARTIFACT), [], "MockUSDC")).address;
  const code = await publicClient.getCode({ address: given });
  if (!code || code === "0x") throw new Error(`INVESTMENT_TOKEN_ADDRESS ${given} has no code on chain ${chainId}`);
  return given;
}

/**
 * The fund: its libraries (TradingWalletList, Settlement) first, then the fund linked to them, which creates its
 * FundGovernor.
 * @param {{ publicClient: import("viem").PublicClient, fundArgs: import("viem").ContractConstructorArgs<InvestmentFundAbi>, deployContract: DeployContract, log: (line: string) => void }} parameters
 */
async function deployFund({ publicClient, fundArgs, deployContract, log }) {
  const walletList = await deployContract(loadArtifact(...WALLET_LIST_ARTIFACT), [], "TradingWalletList");
  const settlement = await deployContract(loadArtifact(...SETTLEMENT_ARTIFACT), [], "Settlement");
  const fundArtifact = linkArtifact(loadArtifact(...FUND_ARTIFACT), {
    TradingWalletList: walletList.address,
    Settlement: settlement.address,
  });
  const fund = await deployContract(fundArtifact, fundArgs, "InvestmentFund");
  const fundGovernor = await publicClient.readContract({
    address: fund.address,
    abi: /** @type {InvestmentFundAbi} */ (fundArtifact.abi),
    functionName: "governor",
  });
  log(`  ${"FundGovernor".padEnd(15)} ${fundGovernor}  (created by the fund)`);
  /** @type {Record<string, import("viem").Address>} */
  const vaultFacades = {};
  for (const vaultId of CONSTRUCTOR_VAULTS) {
    const facade = await deployContract(
      loadArtifact(...FACADE_ARTIFACT),
      [fund.address, vaultId],
      `FundVaultFacade ${vaultId}`,
    );
    vaultFacades[String(vaultId)] = facade.address;
  }
  return { walletList, settlement, fund, fundGovernor, vaultFacades };
}

/**
 * The FundTimelock and the guardian: the governor queues passed proposals' actions there, the timelock gets the fund's
 * default admin role, and off the local chain (or with `handOver`) the deployer gives its own up at once; locally the
 * seed sets the demo up first (scripts/seed.mjs).
 * @param {{ publicClient: import("viem").PublicClient, walletClient: import("viem").WalletClient, fund: import("viem").Address, fundGovernor: import("viem").Address, local: boolean, parameters: DeployParameters, deployContract: DeployContract, log: (line: string) => void }} options
 */
async function deployTimelock({
  publicClient,
  walletClient,
  fund,
  fundGovernor,
  local,
  parameters,
  deployContract,
  log,
}) {
  const timelockDelay = parameters.timelockDelay ?? (local ? LOCAL_TIMELOCK_DELAY : DEFAULT_TIMELOCK_DELAY);
  const guardian = parameters.guardian ?? (local ? devAccount(LOCAL_GUARDIAN_INDEX).address : undefined);
  const timelock = await deployContract(loadArtifact(...TIMELOCK_ARTIFACT), [fund, timelockDelay], "FundTimelock");
  await writeAndWait(
    { publicClient, walletClient },
    {
      address: fundGovernor,
      abi: loadArtifact(...GOVERNOR_ARTIFACT).abi,
      functionName: "setTimelock",
      args: [timelock.address],
    },
  );
  if (guardian) await writeFund({ publicClient, walletClient, fund }, "grantRole", [GUARDIAN_ROLE, guardian]);
  await writeFund({ publicClient, walletClient, fund }, "grantRole", [DEFAULT_ADMIN_ROLE, timelock.address]);
  const handOver = parameters.handOver ?? !local;
  if (handOver) await handOverToTimelock({ publicClient, walletClient, fund });
  log(
    `  timelock delay ${timelockDelay}s; guardian ${guardian ?? "none"}; ${handOver ? "handed over" : "deployer still default admin (the seed hands over)"}`,
  );
  return { timelock, timelockDelay, guardian, handOver };
}

/**
 * The deployer gives up the fund's default admin role, so the FundTimelock is the only holder: from then on every
 * change that touches invested money waits its delay. The deployer keeps `ADMIN_ROLE` (immediate, risk-reducing
 * powers) and, through it, may schedule changes in the timelock.
 * @param {{ publicClient: import("viem").PublicClient, walletClient: import("viem").WalletClient, fund: import("viem").Address }} parameters
 */
export async function handOverToTimelock(parameters) {
  const account = parameters.walletClient.account;
  if (!account) throw new Error("handOverToTimelock needs a wallet client with an account");
  await writeFund(parameters, "renounceRole", [DEFAULT_ADMIN_ROLE, account.address]);
}

/**
 * One role write on the fund from the deployer's wallet, waited for; throws when it reverts.
 * @param {{ publicClient: import("viem").PublicClient, walletClient: import("viem").WalletClient, fund: import("viem").Address }} parameters
 * @param {"grantRole" | "renounceRole"} functionName
 * @param {readonly [import("viem").Hex, import("viem").Address]} args
 */
async function writeFund({ publicClient, walletClient, fund }, functionName, args) {
  const abi = /** @type {InvestmentFundAbi} */ (loadArtifact(...FUND_ARTIFACT).abi);
  await writeAndWait({ publicClient, walletClient }, { address: fund, abi, functionName, args });
}

/**
 * One write from the deployer's wallet, waited for; throws when it reverts.
 * @param {{ publicClient: import("viem").PublicClient, walletClient: import("viem").WalletClient }} clients
 * @param {{ address: import("viem").Address, abi: import("viem").Abi, functionName: string, args: readonly unknown[] }} call
 */
async function writeAndWait({ publicClient, walletClient }, { address, abi, functionName, args }) {
  const account = walletClient.account;
  if (!account) throw new Error(`${functionName} needs a wallet client with an account`);
  const hash = await walletClient.writeContract({
    address,
    abi,
    functionName,
    args,
    account,
    chain: walletClient.chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${functionName}(${args.join(", ")}) reverted (tx ${hash})`);
}

/**
 * The DEX part: a given DEX is checked (code at the router); on 31337 without one, WETH9, the factory and Router02
 * are deployed, and with the mock investment token also mWBTC and the seeded pools. Returns the record's `dex` and
 * `tokens` (the investment token first).
 * @param {{
 *   publicClient: import("viem").PublicClient,
 *   walletClient: import("viem").WalletClient,
 *   local: boolean,
 *   givenDex?: import("./lib/dex.mjs").Dex,
 *   investmentToken: import("viem").Address,
 *   mockInvestmentToken: boolean,
 *   deployer: import("viem").Address,
 *   deployContract: (artifact: import("./lib/foundry.mjs").Artifact, args: readonly unknown[], label: string) => Promise<{ address: import("viem").Address }>,
 *   log: (line: string) => void,
 * }} parameters
 * @returns {Promise<{ dex: import("./lib/dex.mjs").Dex | undefined, tokens: import("./lib/dex.mjs").DeploymentToken[] }>}
 */
async function deployDexAndTokens({
  publicClient,
  walletClient,
  local,
  givenDex,
  investmentToken,
  mockInvestmentToken,
  deployer,
  deployContract,
  log,
}) {
  const tokens = [await readToken(publicClient, investmentToken)];
  if (givenDex) {
    const dex = {
      router: getAddress(givenDex.router),
      factory: getAddress(givenDex.factory),
      weth: getAddress(givenDex.weth),
    };
    const code = await publicClient.getCode({ address: dex.router });
    if (!code || code === "0x") throw new Error(`DEX_ROUTER_ADDRESS ${dex.router} has no code on this chain`);
    return { dex, tokens };
  }
  if (!local) return { dex: undefined, tokens };
  const dex = await deployDex({ feeToSetter: deployer, deployContract });
  if (mockInvestmentToken) {
    const wbtc = (await deployContract(loadArtifact(...WBTC_ARTIFACT), [], "MockWBTC")).address;
    await seedDexPools({
      publicClient,
      walletClient,
      dex,
      usdc: investmentToken,
      wbtc,
      recipients: [1, 2, 3, 4, 5].map((index) => devAccount(index).address),
      log,
    });
    tokens.push(await readToken(publicClient, wbtc));
  }
  return { dex, tokens };
}

/**
 * The ERC-4337 part: EntryPoint v0.8 and SimpleAccountFactory v0.8 (CREATE2, skipped when already on the chain), the
 * fund's FundPaymaster with its EntryPoint deposit and sponsorship budget per account.
 * @param {{
 *   publicClient: import("viem").PublicClient,
 *   walletClient: import("viem").WalletClient,
 *   fund: import("viem").Address,
 *   owner: import("viem").Address,
 *   entryPoint?: import("viem").Address,
 *   paymasterDeposit: bigint,
 *   sponsorBudget: bigint,
 *   deployContract: (artifact: import("./lib/foundry.mjs").Artifact, args: readonly unknown[], label: string) => Promise<{ address: import("viem").Address }>,
 *   log: (line: string) => void,
 * }} parameters
 */
export async function deployAccountAbstraction({
  publicClient,
  walletClient,
  fund,
  owner,
  entryPoint: givenEntryPoint,
  paymasterDeposit,
  sponsorBudget,
  deployContract,
  log,
}) {
  let entryPoint = givenEntryPoint ? getAddress(givenEntryPoint) : ENTRY_POINT_V08;
  if (givenEntryPoint) {
    const code = await publicClient.getCode({ address: entryPoint });
    if (!code || code === "0x") throw new Error(`ENTRY_POINT_ADDRESS ${entryPoint} has no code on this chain`);
  } else {
    const entryPointArtifact = loadAccountAbstractionArtifact("EntryPoint");
    const result = await deployDeterministic({
      publicClient,
      walletClient,
      salt: ENTRY_POINT_SALT,
      initCode: entryPointArtifact.bytecode,
      label: "EntryPoint v0.8",
    });
    if (result.address !== ENTRY_POINT_V08) {
      throw new Error(`EntryPoint v0.8 landed at ${result.address}, not at its canonical ${ENTRY_POINT_V08}`);
    }
    entryPoint = result.address;
  }
  log(`  ${"EntryPoint".padEnd(15)} ${entryPoint}  (v0.8)`);

  const factoryArtifact = loadAccountAbstractionArtifact("SimpleAccountFactory");
  const factory = await deployDeterministic({
    publicClient,
    walletClient,
    salt: ENTRY_POINT_SALT,
    initCode: encodeDeployData({ abi: factoryArtifact.abi, bytecode: factoryArtifact.bytecode, args: [entryPoint] }),
    label: "SimpleAccountFactory v0.8",
  });
  log(`  ${"AccountFactory".padEnd(15)} ${factory.address}  (SimpleAccountFactory v0.8)`);

  const paymasterArtifact = loadArtifact(...PAYMASTER_ARTIFACT);
  const paymasterAbi = /** @type {FundPaymasterAbi} */ (paymasterArtifact.abi);
  /** @type {import("viem").ContractConstructorArgs<FundPaymasterAbi>} */
  const paymasterArgs = [entryPoint, fund, owner];
  const paymaster = await deployContract(paymasterArtifact, paymasterArgs, "FundPaymaster");
  /** What every paymaster call from the deployer shares; viem checks each call against the typed ABI. */
  const paymasterCall = () => {
    if (!walletClient.account) throw new Error("no deployer account");
    return { account: walletClient.account, chain: walletClient.chain, address: paymaster.address, abi: paymasterAbi };
  };
  /**
   * Waits for a paymaster call the wallet sent and fails when it reverted.
   * @param {string} functionName @param {Promise<import("viem").Hash>} sending
   */
  const mined = async (functionName, sending) => {
    const hash = await sending;
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`FundPaymaster.${functionName} reverted (tx ${hash})`);
  };
  if (paymasterDeposit > 0n) {
    await mined(
      "deposit",
      walletClient.writeContract({ ...paymasterCall(), functionName: "deposit", value: paymasterDeposit }),
    );
    log(`  FundPaymaster deposit at the EntryPoint: ${paymasterDeposit} wei`);
  }
  if (sponsorBudget > 0n) {
    await mined(
      "setSponsorBudget",
      walletClient.writeContract({ ...paymasterCall(), functionName: "setSponsorBudget", args: [sponsorBudget] }),
    );
    log(`  FundPaymaster budget: ${sponsorBudget} wei of gas per smart account`);
  }
  return { entryPoint, accountFactory: factory.address, fundPaymaster: paymaster.address };
}

if (isMain(import.meta.url)) {
  runCli(async () => {
    loadDotEnv();
    const parameters = deployParametersFromEnv();
    console.log(`Deploying to ${parameters.rpcUrl}`);
    const deployment = await deploy({ ...parameters, log: console.log });
    console.log(JSON.stringify(deployment, null, 2));
  });
}
