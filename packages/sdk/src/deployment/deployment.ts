import { type Address, getAddress, isAddress } from "viem";
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
  /** The investment token; read from the fund when a deployment file does not name it. */
  investmentToken?: Address;
  /** First block to search for the fund's events (role grants). */
  deploymentBlock: bigint;
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
    ...(record.investmentToken === undefined || record.investmentToken === ""
      ? {}
      : { investmentToken: address(record.investmentToken, "investmentToken") }),
    deploymentBlock: whole(record.deploymentBlock ?? 0, "deploymentBlock"),
  };
}

/**
 * A deployment from environment variables: `CHAIN_ID`, `FUND_ADDRESS`, `DEPLOYMENT_BLOCK` (Sepolia:
 * the spec's 8250257 by default) and optionally `TOKEN_ADDRESS`. Undefined when `FUND_ADDRESS` is unset.
 */
export function deploymentFromEnv(env: Record<string, string | undefined>): Deployment | undefined {
  if (!env.FUND_ADDRESS) return undefined;
  const chainId = env.CHAIN_ID ?? "11155111";
  return parseDeployment({
    chainId,
    investmentFund: env.FUND_ADDRESS,
    investmentToken: env.TOKEN_ADDRESS,
    deploymentBlock: env.DEPLOYMENT_BLOCK ?? (chainId === "11155111" ? SEPOLIA_DEPLOYMENT_BLOCK.toString() : "0"),
  });
}
