import { fundPaymasterAbi, investmentFundAbi, smartAccountDeployment } from "@fundament/sdk";
import { QueryClient } from "@tanstack/react-query";
import { type Address, createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { DEV_ACCOUNTS, testConfig } from "../../../test/render";
import { createAppWagmiConfig } from "./createAppWagmiConfig";
import { smartAccountMoveToOwner } from "./smartAccountMoveToOwner";
import { SMART_ACCOUNT_NOT_WHITELISTED, SMART_ACCOUNT_WHITELISTED, smartAccountNotice } from "./smartAccountNotice";
import { smartAccountSponsorship } from "./smartAccountSponsorship";

// The wallet layer's smart-account hooks for the fund, whose reads load lazily (smartAccount.lazy.ts), against the
// seeded test chain: each answer is compared with the chain read directly.
// The test chain's record names the paymaster only; the entry point and factory (never read by these hooks) are
// set so that the deployment counts as having smart accounts.
const base = testConfig();
const config = {
  ...base,
  deployment: {
    ...base.deployment,
    entryPoint: "0x433709009B8330FDa32311DF1C2AFA402eD8D009" as Address,
    accountFactory: "0x0000000000000000000000000000000000000001" as Address,
  },
};
const chain = createPublicClient({ transport: http(config.rpcUrl) });
const whitelisted = (address: Address) =>
  chain.readContract({
    address: config.deployment.investmentFund,
    abi: investmentFundAbi,
    functionName: "isWhitelisted",
    args: [address],
  });

describe("smart-account hooks", () => {
  it("the notice says what the fund's whitelist holds", async () => {
    const notice = smartAccountNotice(config);
    const stranger = privateKeyToAddress(generatePrivateKey());
    expect(await notice(stranger)).toBe(SMART_ACCOUNT_NOT_WHITELISTED);
    const listed = [];
    for (const account of DEV_ACCOUNTS) if (await whitelisted(account)) listed.push(account);
    expect(listed.length).toBeGreaterThan(0);
    for (const account of listed) expect(await notice(account as Address)).toBe(SMART_ACCOUNT_WHITELISTED);
  });

  it("the sponsorship is the paymaster's remaining budget for a whitelisted account, else why not", async () => {
    const sponsorship = smartAccountSponsorship(config);
    expect(sponsorship).toBeDefined();
    const stranger = privateKeyToAddress(generatePrivateKey());
    expect(await sponsorship?.(stranger)).toEqual({ sponsored: false, reason: "not on the whitelist" });
    const aa = smartAccountDeployment(config.deployment);
    let checked = 0;
    for (const account of DEV_ACCOUNTS) {
      if (!(await whitelisted(account)) || !aa) continue;
      const remaining = await chain.readContract({
        address: aa.fundPaymaster,
        abi: fundPaymasterAbi,
        functionName: "remainingSponsorship",
        args: [account],
      });
      expect(await sponsorship?.(account)).toEqual(
        remaining === 0n
          ? { sponsored: false, reason: "its gas budget is used up" }
          : { sponsored: true, sponsor: "the fund", remaining },
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("offers no sponsorship without a paymaster, no move without a bundler, and moves only on the fund's chain", async () => {
    const { fundPaymaster: _, bundlerUrl: __, ...withoutPaymaster } = config.deployment;
    expect(smartAccountSponsorship({ ...config, deployment: withoutPaymaster })).toBeUndefined();
    const wagmiConfig = createAppWagmiConfig(config);
    const queryClient = new QueryClient();
    const { bundlerUrl: ___, ...withoutBundler } = config.deployment;
    expect(
      smartAccountMoveToOwner({ ...config, deployment: withoutBundler }, wagmiConfig, queryClient),
    ).toBeUndefined();
    const move = smartAccountMoveToOwner(
      { ...config, deployment: { ...config.deployment, bundlerUrl: "http://127.0.0.1:9" } },
      wagmiConfig,
      queryClient,
    );
    expect(await move?.(DEV_ACCOUNTS[1] as Address, 1)).toEqual({
      success: false,
      message: "Switch to chain 31337 first.",
    });
  });
});
