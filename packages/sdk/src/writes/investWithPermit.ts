import { type Address, type Client, type Hash, type Hex, parseAbi, parseSignature, type TypedDataDomain } from "viem";
import { getBlock, multicall, signTypedData } from "viem/actions";
import { FundamentError } from "../errors.js";
import { resultMessages } from "../messages.js";
import { isDeployless } from "../reads/fundContract.js";
import { failure } from "./failure.js";
import { type InvestReturnType, type InvestStep, investInTwoSteps } from "./invest.js";
import {
  type InvestAmount,
  type InvestPathResult,
  type InvestPlan,
  isUnsupportedByWallet,
  prepareInvestment,
  simulateInvestment,
} from "./investPath.js";
import { sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext } from "./types.js";

/** Steps of the permit path: checks, the signature (no transaction), the investment; or the two steps after a fallback. */
export type InvestWithPermitStep = "checking" | "signing" | InvestStep;

export type InvestWithPermitParameters = WriteContext & {
  /** The vault to invest in (1, 2, ...). */
  vaultId: number | bigint;
  /** Token units; text ("1000", "1,250.50") is parsed once with `parseTokenAmount` (see `InvestAmount`). */
  amount: InvestAmount;
  onStep?: (step: InvestWithPermitStep) => void;
  /** After a fallback to two steps: called with the approval's hash as soon as the wallet has sent it. */
  onApprovalSubmitted?: (hash: Hash) => void;
  /** How long the signature stays valid, in seconds of chain time (default 20 minutes). */
  validForSeconds?: number;
};

export type InvestWithPermitReturnType = InvestPathResult & {
  /** Whether a permit was signed (false after a fallback, or when the allowance already covered the amount). */
  signed: boolean;
};

/** Texts of the permit path. */
export const permitMessages = {
  walletCannotSign:
    "Your wallet cannot sign a permit (EIP-712 typed data), so the approval and the investment are two transactions.",
  tokenHasNoPermit:
    "The investment token does not accept permits (EIP-2612), so the approval and the investment are two transactions.",
} as const;

/** EIP-2612 and ERC-5267 reads; `version()` is not in EIP-2612 but tokens such as USDC expose it. */
const permitTokenAbi = parseAbi([
  "function nonces(address owner) view returns (uint256)",
  "function name() view returns (string)",
  "function version() view returns (string)",
  "function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)",
]);

const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/**
 * The token's EIP-712 domain (ERC-5267 `eip712Domain()`, else `name()` with `version()` or "1", the chain and the
 * token) and the owner's permit nonce; null when the token has no `nonces` (no EIP-2612).
 */
export async function getPermitDomain(
  client: Client,
  token: Address,
  owner: Address,
  chainId: number,
): Promise<{ domain: TypedDataDomain; nonce: bigint } | null> {
  const [domain, name, version, nonce] = await multicall(client, {
    allowFailure: true,
    deployless: isDeployless(client),
    contracts: [
      { address: token, abi: permitTokenAbi, functionName: "eip712Domain" },
      { address: token, abi: permitTokenAbi, functionName: "name" },
      { address: token, abi: permitTokenAbi, functionName: "version" },
      { address: token, abi: permitTokenAbi, functionName: "nonces", args: [owner] },
    ],
  });
  if (nonce.status !== "success") return null;
  if (domain.status === "success") {
    const [fields, domainName, domainVersion, domainChainId, verifyingContract, salt] = domain.result;
    const has = (bit: number) => (Number.parseInt(fields, 16) & (1 << bit)) !== 0;
    return {
      nonce: nonce.result,
      domain: {
        ...(has(0) ? { name: domainName } : {}),
        ...(has(1) ? { version: domainVersion } : {}),
        ...(has(2) ? { chainId: domainChainId } : {}),
        ...(has(3) ? { verifyingContract } : {}),
        ...(has(4) ? { salt } : {}),
      },
    };
  }
  if (name.status !== "success") return null;
  return {
    nonce: nonce.result,
    domain: {
      name: name.result,
      version: version.status === "success" ? version.result : "1",
      chainId,
      verifyingContract: token,
    },
  };
}

/**
 * Invests with one signature and one transaction: signs an EIP-2612 permit for the fund (the token's EIP-712 domain, the
 * owner's nonce, a deadline 20 minutes ahead on the chain's clock) and sends `investWithPermit` through the same
 * simulate → send → receipt machinery and messages as `invest`. Before the signature is asked for, approve + invest is
 * simulated, so the fund's reasons (not whitelisted, locked, below the minimum) come before any prompt. A rejected
 * signature is the spec's rejection and nothing is sent. A wallet that cannot sign typed data (an unsupported-method
 * error), or a token without EIP-2612, falls back to the two steps, and the result says which path ran. When
 * the allowance already covers the amount, nothing is signed: one `invest` transaction (path `twoStep`, no approval).
 * Never throws.
 */
export async function investWithPermit(parameters: InvestWithPermitParameters): Promise<InvestWithPermitReturnType> {
  let plan: InvestPlan;
  try {
    parameters.onStep?.("checking");
    plan = await prepareInvestment(parameters);
  } catch (error) {
    return permitFailure(failure(error));
  }
  return investWithSignedPermit(parameters, plan);
}

/** A failure of the permit path itself (nothing fell back). */
const permitFailure = (result: ReturnType<typeof failure>): InvestWithPermitReturnType => ({
  ...result,
  path: "permit",
  approvalHash: null,
  unsupported: false,
  fallback: null,
  signed: false,
});

/** The two steps (or the investment alone) as this path's result: nothing was signed. */
const ranTwoSteps = (result: InvestReturnType, fallback: string | null): InvestWithPermitReturnType => ({
  ...result,
  path: "twoStep",
  unsupported: false,
  fallback,
  signed: false,
});

/**
 * The permit path on a prepared investment (the token's figures already read): the investment alone when the
 * allowance covers it, the two steps when the token has no permit or the wallet cannot sign one (reported from
 * `checking` again, without reading the token again), else the signature and `investWithPermit`.
 */
export async function investWithSignedPermit(
  parameters: Omit<InvestWithPermitParameters, "amount">,
  plan: InvestPlan,
): Promise<InvestWithPermitReturnType> {
  const twoSteps = async (fallback: string) => {
    parameters.onStep?.("checking");
    return ranTwoSteps(await investInTwoSteps(parameters, plan), fallback);
  };
  // Nothing to permit: the investment alone, one transaction (the two steps with the approval skipped).
  if (!plan.approvalNeeded) return ranTwoSteps(await investInTwoSteps(parameters, plan), null);
  try {
    const { walletClient, publicClient } = parameters;
    const chainId = walletClient.chain?.id ?? publicClient.chain?.id;
    if (chainId === undefined) throw new FundamentError("The wallet's network is unknown.");
    const [permit, block] = await Promise.all([
      getPermitDomain(publicClient, plan.token, plan.account, chainId),
      getBlock(publicClient, { blockTag: "latest" }),
    ]);
    if (!permit) return await twoSteps(permitMessages.tokenHasNoPermit);
    await simulateInvestment(parameters, plan.account, plan.token, plan.vaultId, plan.amount, true);
    const deadline = block.timestamp + BigInt(parameters.validForSeconds ?? 20 * 60);
    parameters.onStep?.("signing");
    const signature = await signPermit(parameters, plan, permit, deadline);
    if (signature === null) return await twoSteps(permitMessages.walletCannotSign);
    const { r, s, v, yParity } = parseSignature(signature);
    parameters.onStep?.("investing");
    const result = await sendFundTransaction({
      ...parameters,
      functionName: "investWithPermit",
      args: [plan.vaultId, plan.amount, deadline, Number(v ?? BigInt(yParity + 27)), r, s],
      successMessage: resultMessages.invest,
      errorContext: plan.context,
    });
    return { ...result, path: "permit", approvalHash: null, unsupported: false, fallback: null, signed: true };
  } catch (error) {
    return permitFailure(failure(error, plan.context));
  }
}

/** Asks the wallet to sign the permit; null when it cannot sign typed data (a rejection is thrown, as the spec's). */
async function signPermit(
  { walletClient, deployment }: Pick<InvestWithPermitParameters, "walletClient" | "deployment">,
  plan: InvestPlan,
  permit: { domain: TypedDataDomain; nonce: bigint },
  deadline: bigint,
): Promise<Hex | null> {
  try {
    return await signTypedData(walletClient, {
      account: walletClient.account ?? plan.account,
      domain: permit.domain,
      types: PERMIT_TYPES,
      primaryType: "Permit",
      message: {
        owner: plan.account,
        spender: deployment.investmentFund,
        value: plan.amount,
        nonce: permit.nonce,
        deadline,
      },
    });
  } catch (error) {
    if (isUnsupportedByWallet(error)) return null;
    throw error;
  }
}
