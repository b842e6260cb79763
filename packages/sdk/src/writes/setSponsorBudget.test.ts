import { deployAccountAbstraction } from "@fundament/scripts/deploy";
import { devLocalAccount } from "@fundament/test-chain";
import { createWalletClient, http, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, chain, deployment, rpcUrl, snapshot } from "../../test/chain.js";
import { as, publicClient } from "../../test/fund.js";
import type { Deployment } from "../deployment/deployment.js";
import { getSponsorship } from "../reads/getSponsorship.js";
import { setSponsorBudget, sponsorBudgetMessages } from "./setSponsorBudget.js";

// The fund paymaster deployed as scripts/deploy.mjs deploys it (admin = account 0), on the anvil of globalSetup.
let restore: () => Promise<void>;
let withPaymaster: Deployment;
beforeAll(async () => {
  restore = await snapshot();
  const admin = devLocalAccount(0);
  const walletClient = createWalletClient({ account: admin, chain, transport: http(rpcUrl) });
  const aa = await deployAccountAbstraction({
    publicClient,
    walletClient,
    fund: deployment.investmentFund,
    owner: admin.address,
    paymasterDeposit: parseEther("1"),
    sponsorBudget: parseEther("0.01"),
    deployContract: async (artifact, args, label) => {
      const hash = await walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error(`${label} was not deployed`);
      return { address: receipt.contractAddress };
    },
    log: () => undefined,
  });
  withPaymaster = { ...deployment, fundPaymaster: aa.fundPaymaster };
});
afterAll(async () => {
  await restore?.();
});

describe("setSponsorBudget / getSponsorship", () => {
  it("lets a fund admin set the budget per account, and reads it back with an account's use", async () => {
    const { context, prompts } = as(0);
    const result = await setSponsorBudget({ ...context, deployment: withPaymaster, budget: "0.05" });
    expect(result).toMatchObject({ success: true, message: "Gas sponsorship budget updated." });
    expect(prompts).toHaveLength(1);
    expect(await getSponsorship(publicClient, { deployment: withPaymaster, account: accounts[5] })).toEqual({
      paymaster: withPaymaster.fundPaymaster,
      sponsorBudget: parseEther("0.05"),
      sponsoredGas: 0n,
      remainingSponsorship: parseEther("0.05"),
    });
    expect(await setSponsorBudget({ ...context, deployment: withPaymaster, budget: 0n })).toMatchObject({
      success: true,
    });
    expect((await getSponsorship(publicClient, { deployment: withPaymaster }))?.sponsorBudget).toBe(0n);
  });

  it("refuses a wallet that is not a fund admin before any prompt", async () => {
    const { context, prompts } = as(5);
    expect(await setSponsorBudget({ ...context, deployment: withPaymaster, budget: "1" })).toEqual({
      hash: null,
      success: false,
      message: "This wallet is not allowed to do that.",
      kind: "reverted",
    });
    expect(prompts).toHaveLength(0);
  });

  it.each(["", "abc", "-1", "0.1234567890123456789", "1e18"])(
    "refuses the budget %j with a clear text",
    async (budget) => {
      const { context, prompts } = as(0);
      expect((await setSponsorBudget({ ...context, deployment: withPaymaster, budget })).message).toBe(
        sponsorBudgetMessages.invalid,
      );
      expect(prompts).toHaveLength(0);
    },
  );

  it("says so when the deployment has no paymaster, and reads nothing", async () => {
    const { context } = as(0);
    const { fundPaymaster: _, ...without } = withPaymaster;
    expect((await setSponsorBudget({ ...context, deployment: without, budget: "1" })).message).toBe(
      "This deployment has no fund paymaster.",
    );
    expect(await getSponsorship(publicClient, { deployment: without })).toBeNull();
  });
});
