import { type Client, keccak256, toHex } from "viem";
import { fundGovernorAbi, investmentFundAbi } from "../abi/index.js";
import { type Deployment, governorAddress } from "../deployment/deployment.js";

/** `ADMIN_ROLE()` of the fund: keccak256("ADMIN_ROLE"), computed here so no read is needed. */
export const ADMIN_ROLE = keccak256(toHex("ADMIN_ROLE"));
/** `OPERATOR_ROLE()` of the fund. */
export const OPERATOR_ROLE = keccak256(toHex("OPERATOR_ROLE"));
/** `GUARDIAN_ROLE()` of the fund: cancels pending changes, turns the emergency on. */
export const GUARDIAN_ROLE = keccak256(toHex("GUARDIAN_ROLE"));
/** `DEFAULT_ADMIN_ROLE()` of OpenZeppelin AccessControl. */
export const DEFAULT_ADMIN_ROLE = `0x${"00".repeat(32)}` as const;

/** The fund contract of a deployment, ready for viem's read and write actions. */
export function fundContract(deployment: Deployment) {
  return { address: deployment.investmentFund, abi: investmentFundAbi } as const;
}

/** The fund's governor (proposals and votes) of a deployment, ready for viem's read actions. */
export function governorContract(deployment: Deployment) {
  return { address: governorAddress(deployment), abi: fundGovernorAbi } as const;
}

/** Whether batched reads on this client must send the multicall aggregator's bytecode along (no Multicall3 on chain). */
export function isDeployless(client: Client): boolean {
  return !client.chain?.contracts?.multicall3;
}
