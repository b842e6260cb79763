/**
 * A real anvil with the fund deployed from the forge artifacts (contracts/out) and a base state every test file starts
 * from: investors 1-5 whitelisted with 50,000 mUSDC each, vault 1 (futures) with trading wallets 7 (60%) and 6 (40%),
 * vault 2 (NFT lending) with trading wallet 8 (100%). Account 0 is the admin, account 9 the fund wallet. Each file
 * builds the rest through the SDK; `testChainForFile()` (test/chain.ts) puts the chain back after each file.
 */
import { linkArtifact, loadArtifact } from "@fundament/scripts/lib/foundry";
import { devLocalAccount } from "@fundament/test-chain";
import { startTestChains } from "@fundament/test-chain/global-setup";
import { createPublicClient, createWalletClient, type Hex, http, parseUnits } from "viem";
import type { TestProject } from "vitest/node";
import { investmentFundAbi, mockUsdcAbi } from "../src/abi/index.js";
import { localChain } from "../src/chains/localChain.js";

declare module "vitest" {
  export interface ProvidedContext {
    deployment: { chainId: number; investmentFund: string; investmentToken: string; deploymentBlock: string };
  }
}

const account = devLocalAccount;
const units = (whole: number) => parseUnits(String(whole), 6);

/** The base state on the chain at `rpcUrl`; resolves with the deployment. */
async function buildBaseState(rpcUrl: string) {
  const chain = localChain(rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const wallet = createWalletClient({ chain, transport: http(rpcUrl) });
  const mined = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`setup transaction ${hash} reverted`);
    return receipt;
  };
  const deploy = async (file: string, name: string, args: readonly unknown[], libraries: Record<string, Hex> = {}) => {
    const { abi, bytecode } = linkArtifact(loadArtifact(file, name), libraries);
    const receipt = await mined(await wallet.deployContract({ account: account(0), abi, bytecode, args }));
    if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
    return receipt;
  };
  const tokenAddress = (await deploy("MockUSDC.sol", "MockUSDC", [])).contractAddress as Hex;
  // The fund calls the TradingWalletList and Settlement libraries (deployed first and linked, as scripts/deploy.mjs does).
  const walletList = (await deploy("TradingWalletList.sol", "TradingWalletList", [])).contractAddress as Hex;
  const settlement = (await deploy("Settlement.sol", "Settlement", [])).contractAddress as Hex;
  const fundReceipt = await deploy(
    "InvestmentFund.sol",
    "InvestmentFund",
    [tokenAddress, account(9).address, units(100), 30n * 24n * 3600n],
    { TradingWalletList: walletList, Settlement: settlement },
  );
  const fundAddress = fundReceipt.contractAddress as Hex;
  const fund = { address: fundAddress, abi: investmentFundAbi } as const;
  const token = { address: tokenAddress, abi: mockUsdcAbi } as const;

  for (const index of [1, 2, 3, 4, 5]) {
    await mined(
      await wallet.writeContract({
        ...token,
        account: account(0),
        functionName: "mint",
        args: [account(index).address, units(50_000)],
      }),
    );
    await mined(
      await wallet.writeContract({
        ...fund,
        account: account(0),
        functionName: "whitelistInvestor",
        args: [account(index).address],
      }),
    );
  }
  for (const [vaultId, index, walletType, allocation] of [
    [1n, 7, "Futures", 6_000n],
    [1n, 6, "Futures hedge", 4_000n],
    [2n, 8, "NFT lending", 10_000n],
  ] as const) {
    await mined(
      await wallet.writeContract({
        ...fund,
        account: account(0),
        functionName: "addTradingWallet",
        args: [vaultId, account(index).address, walletType, allocation],
      }),
    );
  }

  return {
    chainId: chain.id,
    investmentFund: fundAddress,
    investmentToken: tokenAddress,
    deploymentBlock: String(fundReceipt.blockNumber),
  };
}

/** The run's chains (`@fundament/test-chain`), each with the base state; every file starts from it. */
export default async function setup(project: TestProject) {
  const chains = await startTestChains(project);
  try {
    // Every chain gets the same deployment (same deployer, same nonces): one record serves them all.
    const deployments = await Promise.all(chains.urls.map((url) => buildBaseState(url)));
    const [deployment] = deployments;
    if (!deployment) throw new Error("no test chain was set up");
    project.provide("deployment", deployment);
  } catch (error) {
    await chains.stop();
    throw error;
  }
  return chains.stop;
}
