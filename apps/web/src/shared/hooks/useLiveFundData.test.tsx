import { investmentFundAbi, parseDeployment } from "@fundament/sdk";
import { screen, waitFor } from "@testing-library/react";
import { encodeFunctionData, erc20Abi, parseUnits } from "viem";
import { describe, expect, inject, it } from "vitest";
import { rpc, withSnapshot } from "../../../test/chain";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";

const usd = (text: string | null | undefined) => Number(String(text).replace(/[$,]/g, ""));

/** Sends a transaction from an unlocked anvil account, as another investor's wallet would, and waits for it. */
async function sendFrom(from: string, to: string, data: `0x${string}`) {
  const hash = await rpc<string>("eth_sendTransaction", [{ from, to, data }]);
  for (let i = 0; i < 50; i++) {
    if (await rpc("eth_getTransactionReceipt", [hash])) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no receipt for ${hash}`);
}

describe("live figures", () => {
  it("updates the vault's TVL when another investor invests, without a reload", async () => {
    await withSnapshot(async () => {
      const deployment = parseDeployment(inject("deployment"));
      await renderApp({ path: "/vaults/nft-vault" });
      const tvl = await screen.findByTestId("vault-tvl", {}, { timeout: 10_000 });
      const before = usd(tvl.textContent);
      const investor = DEV_ACCOUNTS[2] as string;
      const amount = parseUnits("2500", 6);
      await sendFrom(
        investor,
        deployment.investmentToken as string,
        encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [deployment.investmentFund, amount] }),
      );
      await sendFrom(
        investor,
        deployment.investmentFund,
        encodeFunctionData({ abi: investmentFundAbi, functionName: "invest", args: [amount] }),
      );
      await waitFor(() => expect(usd(screen.getByTestId("vault-tvl").textContent)).toBe(before + 2500), {
        timeout: 15_000,
      });
    });
  });
});
