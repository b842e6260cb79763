import { erc20Abi, formatUnits } from "viem";
import { multicall } from "viem/actions";
import { FundamentError } from "../baseErrors.js";
import { isDeployless } from "../reads/fundContract.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import {
  type SendSmartAccountCallsParameters,
  type SendSmartAccountCallsReturnType,
  sendSmartAccountCalls,
  smartAccountCall,
} from "../smartAccount/sendSmartAccountCalls.js";
import { failure } from "./failure.js";

export type MoveSmartAccountTokensParameters = Pick<
  SendSmartAccountCallsParameters,
  | "deployment"
  | "publicClient"
  | "walletClient"
  | "bundlerUrl"
  | "bundlerTransport"
  | "onStep"
  | "onGasPayment"
  | "onUserOperationSubmitted"
>;

export type MoveSmartAccountTokensReturnType = SendSmartAccountCallsReturnType & {
  /** The token units moved (0 when nothing was). */
  amount: bigint;
};

/**
 * Moves the smart account's whole investment-token balance to its owner (the connected wallet): one user operation
 * of `token.transfer(owner, balance)`, gas paid by the fund's paymaster (it sponsors calls to the investment token)
 * or, when the fund does not sponsor the account (off the whitelist, budget used up), by the account's own ETH; one
 * signature. This is how a person gets back to their wallet what their smart account withdrew from the fund.
 * Says so plainly when the smart account holds none. Never throws.
 */
export async function moveSmartAccountTokens(
  parameters: MoveSmartAccountTokensParameters,
): Promise<MoveSmartAccountTokensReturnType> {
  const { deployment, publicClient, walletClient } = parameters;
  const owner = walletClient.account?.address;
  if (!owner) {
    return {
      ...failure(new FundamentError("Connect a wallet first.")),
      userOpHash: null,
      smartAccount: null,
      deployedAccount: false,
      actualGasUsed: null,
      actualGasCost: null,
      gasPayment: null,
      unsupported: false,
      amount: 0n,
    };
  }
  let amount = 0n;
  let successMessage = "";
  const result = await sendSmartAccountCalls({
    ...parameters,
    successMessage: "",
    calls: async (smartAccount) => {
      const token = await getInvestmentTokenAddress(publicClient, deployment);
      const [decimals, symbol, balance] = await multicall(publicClient, {
        allowFailure: false,
        deployless: isDeployless(publicClient),
        contracts: [
          { address: token, abi: erc20Abi, functionName: "decimals" },
          { address: token, abi: erc20Abi, functionName: "symbol" },
          { address: token, abi: erc20Abi, functionName: "balanceOf", args: [smartAccount] },
        ],
      });
      if (balance === 0n) throw new FundamentError(`Your smart account holds no ${symbol} to move.`);
      amount = balance;
      successMessage = `Moved ${formatUnits(balance, decimals)} ${symbol} from your smart account to your wallet.`;
      return {
        errorContext: { decimals, symbol },
        calls: [smartAccountCall({ to: token, abi: erc20Abi, functionName: "transfer", args: [owner, balance] })],
      };
    },
  });
  return {
    ...result,
    message: result.success ? successMessage : result.message,
    amount: result.success ? amount : 0n,
  };
}
