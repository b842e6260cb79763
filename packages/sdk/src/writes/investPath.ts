import { type Address, BaseError, erc20Abi, type Hash } from "viem";
import { multicall, simulateCalls, simulateContract } from "viem/actions";
import { type FundErrorContext, isMethodUnsupported } from "../errors.js";
import { parseTokenAmount, TokenAmountNotPositiveError } from "../math/parseTokenAmount.js";
import { isDeployless } from "../reads/fundContract.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { fundWithTokenErrorsAbi } from "./fundErrorsAbi.js";
import { requireAccount } from "./requireAccount.js";
import type { WriteContext, WriteResult } from "./types.js";

/**
 * The ways to invest, best first: a smart account (one confirmation, sponsored gas), an EIP-5792 batch (approve +
 * invest in one confirmation), an EIP-2612 permit (one signature and one transaction) and the spec's two steps
 * (approve, then invest).
 */
export type InvestPath = "smartAccount" | "batch" | "permit" | "twoStep";

/** What an investment path returns: the action's `{ hash, success, message }` and which path actually ran. */
export type InvestPathResult = WriteResult & {
  /** The path that ran (after a fallback, the one fallen back to). */
  path: InvestPath;
  /** The separate approval transaction, when one was sent (two steps). */
  approvalHash: Hash | null;
  /**
   * The wallet cannot take the path asked for (it answered with an unsupported-method or unsupported-capability
   * error): nothing was signed or sent, and the caller may try the next path.
   */
  unsupported: boolean;
  /** Why the path that ran is not the one asked for, in plain words; null when it is. */
  fallback: string | null;
};

/** JSON-RPC / EIP-1193 / EIP-5792 codes of a wallet that does not offer a method or a capability (not a refusal). */
const UNSUPPORTED_CODES = new Set([-32601, -32004, 4200, 5700, 5710, 5740, 5750, 5760]);

/**
 * Whether a wallet's error says it does not support the request (method not found or unsupported, an unsupported
 * EIP-5792 capability, chain or atomicity), as opposed to a person's rejection (4001) or a failure of the call itself.
 */
export function isUnsupportedByWallet(error: unknown): boolean {
  const match = (e: unknown) =>
    typeof e === "object" && e !== null && UNSUPPORTED_CODES.has((e as { code?: unknown }).code as number);
  if (error instanceof BaseError) return Boolean(error.walk(match));
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    if (match(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The token's figures an investment needs before any prompt. */
export type InvestTokenState = { decimals: number; symbol: string; allowance: bigint; context: FundErrorContext };

/** Decimals, symbol and the account's allowance for the fund, in one multicall. */
export async function readInvestTokenState(
  { publicClient, deployment }: WriteContext,
  token: Address,
  account: Address,
): Promise<InvestTokenState> {
  const [decimals, symbol, allowance] = await multicall(publicClient, {
    allowFailure: false,
    deployless: isDeployless(publicClient),
    contracts: [
      { address: token, abi: erc20Abi, functionName: "decimals" },
      { address: token, abi: erc20Abi, functionName: "symbol" },
      { address: token, abi: erc20Abi, functionName: "allowance", args: [account, deployment.investmentFund] },
    ],
  });
  return { decimals, symbol, allowance, context: { decimals, symbol } };
}

/**
 * An amount as the per-path functions (`invest`, `investWithBatch`, `investWithPermit`, `investWithSmartAccount`) take
 * it: token units, or text (a number) from callers that hold only text (scripts, benches, integration tests), parsed
 * once by `parseTokenAmount`. The app parses at its edge and passes units to `investInVault`, which takes units only.
 */
export type InvestAmount = bigint | string | number;

/** What every path needs, read once per investment: who invests, where, how much (token units) and the token's figures. */
export type InvestPlan = InvestTokenState & {
  account: Address;
  vaultId: bigint;
  /** Token units. */
  amount: bigint;
  token: Address;
  /** Whether the allowance falls short of the amount (an approval is needed first). */
  approvalNeeded: boolean;
};

/**
 * Reads what an investment needs, once: the connected account, the vault id, the investment token and its decimals,
 * symbol and the account's allowance for the fund (one multicall). Text or a number (`InvestAmount`) goes through
 * `parseTokenAmount`, the one grammar, here, once; units are taken as they are.
 */
export async function prepareInvestment(
  parameters: WriteContext & { vaultId: number | bigint; amount: InvestAmount },
): Promise<InvestPlan> {
  const account = requireAccount(parameters);
  const vaultId = vaultIdArg(parameters.vaultId);
  const token = await getInvestmentTokenAddress(parameters.publicClient, parameters.deployment);
  const state = await readInvestTokenState(parameters, token, account);
  const amount =
    typeof parameters.amount === "bigint"
      ? parameters.amount
      : parseTokenAmount(String(parameters.amount), state.decimals);
  if (amount <= 0n) throw new TokenAmountNotPositiveError();
  return { ...state, account, vaultId, amount, token, approvalNeeded: state.allowance < amount };
}

/**
 * Simulates the investment before any prompt and throws its revert (a locked pool, a wallet that is not whitelisted,
 * an amount below the minimum, a payout waiting in the vault): with the approval first when `withApproval`, as one
 * sequence (`eth_simulateV1`); when the node lacks it, the investment alone is simulated only without an approval
 * (with one, it could not succeed before the approval exists).
 */
export async function simulateInvestment(
  { publicClient, deployment }: WriteContext,
  account: Address,
  token: Address,
  vaultId: bigint,
  amount: bigint,
  withApproval: boolean,
): Promise<void> {
  if (!withApproval) {
    await simulateContract(publicClient, {
      address: deployment.investmentFund,
      abi: fundWithTokenErrorsAbi,
      functionName: "invest",
      args: [vaultId, amount],
      account,
    });
    return;
  }
  let results: Awaited<ReturnType<typeof simulateCalls>>["results"];
  try {
    ({ results } = await simulateCalls(publicClient, {
      account,
      calls: [
        { to: token, abi: erc20Abi, functionName: "approve", args: [deployment.investmentFund, amount] },
        { to: deployment.investmentFund, abi: fundWithTokenErrorsAbi, functionName: "invest", args: [vaultId, amount] },
      ],
    }));
  } catch (error) {
    // No eth_simulateV1 on this node: the wallet's own estimate (and the fund's checks) still apply. Any other
    // failure of the simulation (the node unreachable) fails the action here, before a prompt.
    if (isMethodUnsupported(error)) return;
    throw error;
  }
  const failed = results.find((result) => result.status === "failure");
  if (failed?.error) throw failed.error;
}
