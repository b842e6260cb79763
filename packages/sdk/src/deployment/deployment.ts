import { type Address, getAddress, getContractAddress, isAddress } from "viem";
import { FundamentError } from "../baseErrors.js";

/** The spec's deployment block of the fund on Sepolia (section 9). */
export const SEPOLIA_DEPLOYMENT_BLOCK = 8_250_257n;

/**
 * Where the fund lives on one chain: written by `scripts/deploy.mjs` to
 * `contracts/deployments/<chainId>.json`, or given through the environment at scale.
 */
export type Deployment = {
  chainId: number;
  investmentFund: Address;
  /**
   * The fund's `FundGovernor` (proposals and votes). The fund creates it as its first contract, so where a record does
   * not name it, `governorAddress` derives it from the fund's address (CREATE at nonce 1).
   */
  fundGovernor?: Address;
  /**
   * The fund's `FundTimelock`, holder of its default admin role: changes that touch invested money are scheduled
   * there and wait its delay. Absent where the fund has none (every admin change then applies at once).
   */
  fundTimelock?: Address;
  /** The investment token; read from the fund when a deployment file does not name it. */
  investmentToken?: Address;
  /** First block to search for the fund's events (role grants). */
  deploymentBlock: bigint;
  /** ERC-4337 EntryPoint v0.8 (smart accounts); absent where smart accounts are not set up. */
  entryPoint?: Address;
  /** SimpleAccountFactory v0.8: an owner's smart account is `getAddress(owner, 0)`. */
  accountFactory?: Address;
  /** The fund's paymaster, which sponsors the gas of whitelisted investors' smart accounts within a budget. */
  fundPaymaster?: Address;
  /**
   * The ERC-4337 bundler's JSON-RPC URL. Locally `npm start` runs Alto and writes its URL into the record; elsewhere
   * it comes from configuration (`BUNDLER_URL`).
   */
  bundlerUrl?: string;
  /** The Uniswap V2 DEX the wallet swaps through; absent where the chain has none (then swaps are not supported). */
  dex?: DexDeployment;
  /** The tokens the wallet lists and swaps besides native ETH: the investment token first. */
  tokens?: DeploymentToken[];
};

/** A Uniswap V2 deployment: the factory, Router02 and the wrapped native token (WETH9). */
export type DexDeployment = {
  factory: Address;
  router: Address;
  weth: Address;
};

/** A token of the deployment's list (`tokens`). */
export type DeploymentToken = {
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
};

/** The part of a deployment that smart accounts need, when all of it is there. */
export type SmartAccountDeployment = Required<Pick<Deployment, "entryPoint" | "accountFactory" | "fundPaymaster">> & {
  bundlerUrl?: string;
};

const address = (value: unknown, field: string): Address => {
  if (typeof value !== "string" || !isAddress(value, { strict: false })) {
    throw new FundamentError(`The deployment's ${field} is not an address: ${JSON.stringify(value)}.`);
  }
  return getAddress(value);
};

const whole = (value: unknown, field: string): bigint => {
  if ((typeof value === "number" && Number.isSafeInteger(value) && value >= 0) || /^\d+$/.test(String(value))) {
    return BigInt(value as number | string);
  }
  throw new FundamentError(`The deployment's ${field} is not a block number: ${JSON.stringify(value)}.`);
};

/**
 * The fund's governor: the record's `fundGovernor`, or the address the fund created it at (its first CREATE, nonce 1:
 * `InvestmentFund`'s constructor creates nothing before it; a contract test pins this).
 */
export function governorAddress(deployment: Pick<Deployment, "investmentFund" | "fundGovernor">): Address {
  return deployment.fundGovernor ?? getContractAddress({ from: deployment.investmentFund, nonce: 1n });
}

/** Validates a deployment record (a parsed deployment file, or values from the environment). */
export function parseDeployment(input: unknown): Deployment {
  if (typeof input !== "object" || input === null) throw new FundamentError("The deployment record is not an object.");
  const record = input as Record<string, unknown>;
  const chainId = Number(record.chainId);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new FundamentError(`The deployment's chainId is not a chain id: ${JSON.stringify(record.chainId)}.`);
  }
  return {
    chainId,
    investmentFund: address(record.investmentFund, "investmentFund"),
    ...optionalAddress(record, "fundGovernor"),
    ...optionalAddress(record, "fundTimelock"),
    ...(record.investmentToken === undefined || record.investmentToken === ""
      ? {}
      : { investmentToken: address(record.investmentToken, "investmentToken") }),
    deploymentBlock: whole(record.deploymentBlock ?? 0, "deploymentBlock"),
    ...optionalAddress(record, "entryPoint"),
    ...optionalAddress(record, "accountFactory"),
    ...optionalAddress(record, "fundPaymaster"),
    ...parseBundlerUrl(record.bundlerUrl),
    ...parseDex(record.dex),
    ...parseTokens(record.tokens),
  };
}

const parseDex = (value: unknown): { dex?: DexDeployment } => {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object")
    throw new FundamentError(`The deployment's dex is not an object: ${JSON.stringify(value)}.`);
  const dex = value as Record<string, unknown>;
  return {
    dex: {
      factory: address(dex.factory, "dex.factory"),
      router: address(dex.router, "dex.router"),
      weth: address(dex.weth, "dex.weth"),
    },
  };
};

const parseTokens = (value: unknown): { tokens?: DeploymentToken[] } => {
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value))
    throw new FundamentError(`The deployment's tokens is not a list: ${JSON.stringify(value)}.`);
  return {
    tokens: value.map((item: unknown, index): DeploymentToken => {
      const token = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
      const field = `tokens[${index}]`;
      if (typeof token.symbol !== "string" || token.symbol === "") {
        throw new FundamentError(`The deployment's ${field}.symbol is not a symbol: ${JSON.stringify(token.symbol)}.`);
      }
      if (typeof token.name !== "string") {
        throw new FundamentError(`The deployment's ${field}.name is not a name: ${JSON.stringify(token.name)}.`);
      }
      const decimals = Number(token.decimals);
      if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
        throw new FundamentError(`The deployment's ${field}.decimals is not 0-255: ${JSON.stringify(token.decimals)}.`);
      }
      return { address: address(token.address, `${field}.address`), symbol: token.symbol, name: token.name, decimals };
    }),
  };
};

/**
 * The DEX from `DEX_ROUTER_ADDRESS`, `DEX_FACTORY_ADDRESS` and `WETH_ADDRESS`: all three or none.
 */
const dexFromEnv = (env: Record<string, string | undefined>): DexDeployment | undefined => {
  const router = env.DEX_ROUTER_ADDRESS?.trim();
  const factory = env.DEX_FACTORY_ADDRESS?.trim();
  const weth = env.WETH_ADDRESS?.trim();
  if (!router && !factory && !weth) return undefined;
  if (!router || !factory || !weth) {
    throw new FundamentError(
      "DEX_ROUTER_ADDRESS, DEX_FACTORY_ADDRESS and WETH_ADDRESS go together: set all three or none.",
    );
  }
  return {
    router: address(router, "dex.router"),
    factory: address(factory, "dex.factory"),
    weth: address(weth, "dex.weth"),
  };
};

const optionalAddress = <K extends "fundGovernor" | "fundTimelock" | "entryPoint" | "accountFactory" | "fundPaymaster">(
  record: Record<string, unknown>,
  field: K,
): { [P in K]?: Address } =>
  record[field] === undefined || record[field] === null || record[field] === ""
    ? {}
    : ({ [field]: address(record[field], field) } as { [P in K]?: Address });

const parseBundlerUrl = (value: unknown): { bundlerUrl?: string } => {
  if (value === undefined || value === null || value === "") return {};
  if (typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value)) return { bundlerUrl: value };
  throw new FundamentError(`The deployment's bundlerUrl is not an http(s) URL: ${JSON.stringify(value)}.`);
};

/** The smart-account part of a deployment, or undefined when the EntryPoint, factory or paymaster is missing. */
export function smartAccountDeployment(deployment: Deployment): SmartAccountDeployment | undefined {
  const { entryPoint, accountFactory, fundPaymaster } = deployment;
  if (!entryPoint || !accountFactory || !fundPaymaster) return undefined;
  return {
    entryPoint,
    accountFactory,
    fundPaymaster,
    ...(deployment.bundlerUrl ? { bundlerUrl: deployment.bundlerUrl } : {}),
  };
}

/**
 * A deployment from environment variables: `CHAIN_ID`, `FUND_ADDRESS`, `FUND_TIMELOCK_ADDRESS`, `DEPLOYMENT_BLOCK` (Sepolia:
 * the spec's 8250257 by default) and optionally `TOKEN_ADDRESS`, and for smart accounts `ENTRY_POINT_ADDRESS`,
 * `ACCOUNT_FACTORY_ADDRESS`, `FUND_PAYMASTER_ADDRESS` and `BUNDLER_URL`, and for swaps the Uniswap V2 DEX
 * (`DEX_ROUTER_ADDRESS`, `DEX_FACTORY_ADDRESS`, `WETH_ADDRESS`: all three or none). Undefined when `FUND_ADDRESS` is
 * unset.
 */
export function deploymentFromEnv(env: Record<string, string | undefined>): Deployment | undefined {
  if (!env.FUND_ADDRESS) return undefined;
  const chainId = env.CHAIN_ID ?? "11155111";
  return parseDeployment({
    chainId,
    investmentFund: env.FUND_ADDRESS,
    fundTimelock: env.FUND_TIMELOCK_ADDRESS,
    investmentToken: env.TOKEN_ADDRESS,
    deploymentBlock: env.DEPLOYMENT_BLOCK ?? (chainId === "11155111" ? SEPOLIA_DEPLOYMENT_BLOCK.toString() : "0"),
    entryPoint: env.ENTRY_POINT_ADDRESS,
    accountFactory: env.ACCOUNT_FACTORY_ADDRESS,
    fundPaymaster: env.FUND_PAYMASTER_ADDRESS,
    bundlerUrl: env.BUNDLER_URL,
    dex: dexFromEnv(env),
  });
}
