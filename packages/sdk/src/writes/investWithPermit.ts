import { type Address, type Client, type Hash, parseAbi, parseSignature, type TypedDataDomain } from "viem";
import { getBlock, multicall, signTypedData } from "viem/actions";
import { FundamentError, type FundErrorContext } from "../errors.js";
import { toTokenUnits } from "../math/tokenAmount.js";
import { resultMessages } from "../messages.js";
import { isDeployless } from "../reads/fundContract.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { vaultIdArg } from "../utils/vaultIdArg.js";
import { failure } from "./failure.js";
import { type InvestStep, invest } from "./invest.js";
import {
  type InvestPathResult,
  isUnsupportedByWallet,
  readInvestTokenState,
  simulateInvestment,
} from "./investPath.js";
import { requireAccount, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext } from "./types.js";

/** Steps of the permit path: checks, the signature (no transaction), the investment; or the two steps after a fallback. */
export type InvestWithPermitStep = "checking" | "signing" | InvestStep;

export type InvestWithPermitParameters = WriteContext & {
  /** The vault to invest in (1, 2, ...). */
  vaultId: number | bigint;
  /** A human amount in whole tokens ("1000", "1,250.50"). */
  amount: string | number;
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
 * error), or a token without EIP-2612, falls back to the two-step `invest`, and the result says which path ran. When
 * the allowance already covers the amount, nothing is signed: one `invest` transaction (path `twoStep`, no approval).
 */
export async function investWithPermit(parameters: InvestWithPermitParameters): Promise<InvestWithPermitReturnType> {
  const { deployment, publicClient, walletClient } = parameters;
  let context: FundErrorContext = {};
  /** The two-step path (or the investment alone), as this path's result. */
  const ran = (result: Awaited<ReturnType<typeof invest>>, fallback: string | null): InvestWithPermitReturnType => ({
    ...result,
    path: "twoStep",
    unsupported: false,
    fallback,
    signed: false,
  });
  const twoSteps = async (fallback: string) => ran(await invest(parameters), fallback);
  try {
    parameters.onStep?.("checking");
    const account = requireAccount(parameters);
    const vaultId = vaultIdArg(parameters.vaultId);
    const chainId = walletClient.chain?.id ?? publicClient.chain?.id;
    if (chainId === undefined) throw new FundamentError("The wallet's network is unknown.");
    const token = await getInvestmentTokenAddress(publicClient, deployment);
    const [state, permit, block] = await Promise.all([
      readInvestTokenState(parameters, token, account),
      getPermitDomain(publicClient, token, account, chainId),
      getBlock(publicClient, { blockTag: "latest" }),
    ]);
    context = state.context;
    const amount = toTokenUnits(parameters.amount, state.decimals);

    if (state.allowance >= amount) {
      // Nothing to permit: the investment alone, one transaction (the two steps with the approval skipped).
      parameters.onStep?.("investing");
      return ran({ ...(await investOnly(parameters, vaultId, amount, context)), approvalHash: null }, null);
    }
    if (!permit) return await twoSteps(permitMessages.tokenHasNoPermit);

    await simulateInvestment(parameters, account, token, vaultId, amount, true);
    const deadline = block.timestamp + BigInt(parameters.validForSeconds ?? 20 * 60);
    parameters.onStep?.("signing");
    let signature: `0x${string}`;
    try {
      signature = await signTypedData(walletClient, {
        account: walletClient.account ?? account,
        domain: permit.domain,
        types: PERMIT_TYPES,
        primaryType: "Permit",
        message: { owner: account, spender: deployment.investmentFund, value: amount, nonce: permit.nonce, deadline },
      });
    } catch (error) {
      if (isUnsupportedByWallet(error)) return await twoSteps(permitMessages.walletCannotSign);
      throw error;
    }
    const { r, s, v, yParity } = parseSignature(signature);
    parameters.onStep?.("investing");
    const result = await sendFundTransaction({
      ...parameters,
      functionName: "investWithPermit",
      args: [vaultId, amount, deadline, Number(v ?? BigInt(yParity + 27)), r, s],
      successMessage: resultMessages.invest,
      errorContext: context,
    });
    return { ...result, path: "permit", approvalHash: null, unsupported: false, fallback: null, signed: true };
  } catch (error) {
    return {
      ...failure(error, context),
      path: "permit",
      approvalHash: null,
      unsupported: false,
      fallback: null,
      signed: false,
    };
  }
}

function investOnly(
  parameters: InvestWithPermitParameters,
  vaultId: bigint,
  amount: bigint,
  errorContext: FundErrorContext,
) {
  return sendFundTransaction({
    ...parameters,
    functionName: "invest",
    args: [vaultId, amount],
    successMessage: resultMessages.invest,
    errorContext,
  });
}
