/**
 * A real anvil with the fund deployed from the forge artifacts (contracts/out) and a base state every test file starts
 * from: investors 1-5 whitelisted with 50,000 mUSDC each, vault 1 (futures) with trading wallets 7 (60%) and 6 (40%),
 * vault 2 (NFT lending) with trading wallet 8 (100%). Account 0 is the admin, account 9 the fund wallet. Each file
 * builds the rest through the SDK and restores an anvil snapshot afterwards.
 */
import { createPublicClient, createWalletClient, type Hex, http, parseUnits } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain JavaScript (JSDoc-typed) scripts of the repository, outside this package's tsconfig
import { freePort, startAnvil } from "../../../scripts/lib/anvil.mjs";
// @ts-expect-error: as above
import { loadArtifact } from "../../../scripts/lib/foundry.mjs";
import { investmentFundAbi, mockUsdcAbi } from "../src/abi/index.js";
import { localChain } from "../src/chains/localChain.js";

declare module "vitest" {
  export interface ProvidedContext {
    rpcUrl: string;
    deployment: { chainId: number; investmentFund: string; investmentToken: string; deploymentBlock: string };
  }
}

const MNEMONIC = "test test test test test test test test test test test junk";
const account = (index: number) => mnemonicToAccount(MNEMONIC, { addressIndex: index });
const units = (whole: number) => parseUnits(String(whole), 6);

export default async function setup(project: TestProject) {
  const anvil = await startAnvil({ port: await freePort() });
  try {
    const chain = localChain(anvil.url);
    const publicClient = createPublicClient({ chain, transport: http(anvil.url) });
    const wallet = createWalletClient({ chain, transport: http(anvil.url) });
    const mined = async (hash: Hex) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`setup transaction ${hash} reverted`);
      return receipt;
    };
    const deploy = async (file: string, name: string, args: readonly unknown[]) => {
      const { abi, bytecode } = loadArtifact(file, name) as { abi: unknown[]; bytecode: Hex };
      const receipt = await mined(await wallet.deployContract({ account: account(0), abi, bytecode, args }));
      if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
      return receipt;
    };
    const tokenAddress = (await deploy("MockUSDC.sol", "MockUSDC", [])).contractAddress as Hex;
    const fundReceipt = await deploy("InvestmentFund.sol", "InvestmentFund", [
      tokenAddress,
      account(9).address,
      units(100),
      30n * 24n * 3600n,
    ]);
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

    project.provide("rpcUrl", anvil.url);
    project.provide("deployment", {
      chainId: chain.id,
      investmentFund: fundAddress,
      investmentToken: tokenAddress,
      deploymentBlock: String(fundReceipt.blockNumber),
    });
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  return () => anvil.stop();
}
