// @ts-check
/**
 * What the journeys do on the chain outside the app: the parties the app does not drive (the
 * trading wallets returning funds), anvil time travel, and reads that check the app's figures.
 */
import { createTestClient, createWalletClient, http, parseUnits } from "viem";
import { devAccount } from "../../scripts/lib/accounts.mjs";
import { connect } from "../../scripts/lib/chain.mjs";
import { loadArtifact } from "../../scripts/lib/foundry.mjs";

/**
 * @param {string} rpcUrl
 * @param {import("../../scripts/deploy.mjs").Deployment} deployment
 */
export async function chainTools(rpcUrl, deployment) {
  const { chain, publicClient } = await connect(rpcUrl);
  const fundAbi = loadArtifact("InvestmentFund.sol", "InvestmentFund").abi;
  const tokenAbi = loadArtifact("MockUSDC.sol", "MockUSDC").abi;
  const testClient = createTestClient({ chain, mode: "anvil", transport: http(rpcUrl) });
  const wallet = createWalletClient({ chain, transport: http(rpcUrl) });
  const fund = deployment.investmentFund;
  const token = deployment.investmentToken;

  /**
   * @param {number} from dev account index (anvil signs)
   * @param {import("viem").Address} address
   * @param {import("viem").Abi} abi
   * @param {string} functionName
   * @param {readonly unknown[]} [args]
   */
  const send = async (from, address, abi, functionName, args = []) => {
    const hash = await wallet.writeContract({ account: devAccount(from).address, address, abi, functionName, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} from account ${from} reverted`);
  };
  /** @param {string} functionName @param {readonly unknown[]} [args] @returns {Promise<any>} */
  const readFund = (functionName, args = []) =>
    publicClient.readContract({ address: fund, abi: fundAbi, functionName, args });
  /** @param {string} functionName @param {readonly unknown[]} [args] @returns {Promise<any>} */
  const readToken = (functionName, args = []) =>
    publicClient.readContract({ address: token, abi: tokenAbi, functionName, args });

  return {
    publicClient,
    readFund,
    readToken,
    /** Token units of a whole amount (6 decimals). @param {number | string} whole */
    units: (whole) => parseUnits(String(whole), 6),
    /** @param {number} seconds */
    travel: async (seconds) => {
      await testClient.increaseTime({ seconds });
      await testClient.mine({ blocks: 1 });
    },
    /** Gives a dev account tokens (MockUSDC's open mint). @param {number} index @param {bigint} amount */
    mint: (index, amount) => send(index, token, tokenAbi, "mint", [devAccount(index).address, amount]),
    /**
     * A trading wallet returns what it received plus `profitBps` and approves the fund to collect it;
     * resolves with the amount approved.
     * @param {number} index @param {bigint} profitBps
     */
    prepareReturn: async (index, profitBps) => {
      const address = devAccount(index).address;
      /** @type {bigint} */
      const held = await readToken("balanceOf", [address]);
      const amount = held + (held * profitBps) / 10_000n;
      await send(index, token, tokenAbi, "mint", [address, amount - held]);
      await send(index, token, tokenAbi, "approve", [fund, amount]);
      return amount;
    },
    /** @param {number} from @param {string} functionName @param {readonly unknown[]} [args] */
    sendFund: (from, functionName, args = []) => send(from, fund, fundAbi, functionName, args),
  };
}
