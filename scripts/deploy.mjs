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
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createWalletClient, getAddress, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccount, LOCAL_CHAIN_ID } from "./lib/accounts.mjs";
import { connect, loadDotEnv, parseAddressEnv, parseUintEnv } from "./lib/chain.mjs";
import { isMain, runCli } from "./lib/cli.mjs";
import { ensureArtifacts, loadArtifact } from "./lib/foundry.mjs";
import { DEPLOYMENTS_DIR, ROOT } from "./lib/paths.mjs";

export const DEFAULT_RPC_URL = "http://127.0.0.1:8545";
/** 100 tokens of a 6-decimal token. */
export const DEFAULT_MINIMUM_INVESTMENT = 100_000000n;
/** 30 days, in seconds. */
export const DEFAULT_LOCKUP_PERIOD_DURATION = 30n * 24n * 60n * 60n;

const FUND_ARTIFACT = /** @type {const} */ (["InvestmentFund.sol", "InvestmentFund"]);
const TOKEN_ARTIFACT = /** @type {const} */ (["MockUSDC.sol", "MockUSDC"]);

/**
 * @typedef {object} DeployParameters
 * @property {string} [rpcUrl] default http://127.0.0.1:8545
 * @property {number} [expectedChainId] fail unless the endpoint reports this chain id
 * @property {import("viem").Hex} [privateKey] default: anvil account 0, on chain 31337 only
 * @property {import("viem").Address} [investmentToken] required off the local chain; on 31337 a MockUSDC is deployed when unset
 * @property {import("viem").Address} [fundWallet] default: anvil account 9, on chain 31337 only
 * @property {bigint} [minimumInvestment] token base units, for both vaults; default 100_000000
 * @property {bigint} [lockupPeriodDuration] seconds, for both vaults; default 30 days
 * @property {string | false} [deploymentsDir] where to write `<chainId>.json`; false to skip writing
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} Deployment
 * @property {number} chainId
 * @property {import("viem").Address} investmentFund
 * @property {import("viem").Address} investmentToken
 * @property {number} deploymentBlock the block of the InvestmentFund deployment
 * @property {import("viem").Address} deployer holds DEFAULT_ADMIN_ROLE and ADMIN_ROLE
 * @property {import("viem").Address} fundWallet
 * @property {string} minimumInvestment both vaults' minimum at deployment: token base units, as a decimal string
 * @property {number} lockupPeriodDuration both vaults' lockup length at deployment, in seconds
 * @property {string} deployedAt ISO 8601
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
  };
}

/**
 * Deploys the contracts and returns (and by default writes) the deployment record.
 * @param {DeployParameters} [parameters]
 * @returns {Promise<Deployment>}
 */
export async function deploy(parameters = {}) {
  const {
    rpcUrl = DEFAULT_RPC_URL,
    expectedChainId,
    minimumInvestment = DEFAULT_MINIMUM_INVESTMENT,
    lockupPeriodDuration = DEFAULT_LOCKUP_PERIOD_DURATION,
    deploymentsDir = DEPLOYMENTS_DIR,
    log = () => {},
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

  await ensureArtifacts(parameters.investmentToken ? [FUND_ARTIFACT] : [FUND_ARTIFACT, TOKEN_ARTIFACT]);

  const account = privateKeyToAccount(privateKey);
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });

  /**
   * @param {import("./lib/foundry.mjs").Artifact} artifact
   * @param {readonly unknown[]} args
   * @param {string} label
   */
  const deployContract = async (artifact, args, label) => {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) {
      throw new Error(`${label} deployment reverted (tx ${hash})`);
    }
    const address = getAddress(receipt.contractAddress);
    log(`  ${label.padEnd(15)} ${address}  (block ${receipt.blockNumber})`);
    return { address, blockNumber: receipt.blockNumber };
  };

  let investmentToken = parameters.investmentToken;
  if (!investmentToken) {
    investmentToken = (await deployContract(loadArtifact(...TOKEN_ARTIFACT), [], "MockUSDC")).address;
  } else {
    const code = await publicClient.getCode({ address: investmentToken });
    if (!code || code === "0x")
      throw new Error(`INVESTMENT_TOKEN_ADDRESS ${investmentToken} has no code on chain ${chainId}`);
  }

  const fund = await deployContract(
    loadArtifact(...FUND_ARTIFACT),
    [investmentToken, fundWallet, minimumInvestment, lockupPeriodDuration],
    "InvestmentFund",
  );

  /** @type {Deployment} */
  const deployment = {
    chainId,
    investmentFund: fund.address,
    investmentToken: getAddress(investmentToken),
    deploymentBlock: Number(fund.blockNumber),
    deployer: account.address,
    fundWallet: getAddress(fundWallet),
    minimumInvestment: minimumInvestment.toString(),
    lockupPeriodDuration: Number(lockupPeriodDuration),
    deployedAt: new Date().toISOString(),
  };

  if (deploymentsDir !== false) {
    mkdirSync(deploymentsDir, { recursive: true });
    const file = join(deploymentsDir, `${chainId}.json`);
    writeFileSync(file, `${JSON.stringify(deployment, null, 2)}\n`);
    log(`  wrote ${relative(ROOT, file)}`);
  }
  return deployment;
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
