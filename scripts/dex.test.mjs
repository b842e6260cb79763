// @ts-check
/**
 * Integration test of the local DEX that `scripts/deploy.mjs` sets up: a real anvil on a free port, deploy, then
 * reads the pools from the chain and swaps through Router02 from a dev account.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { devAccount, devLocalAccount, freePort, startAnvil } from "@fundament/test-chain";
import { createPublicClient, createWalletClient, erc20Abi, http, maxUint256, parseEther, parseUnits } from "viem";
import { foundry } from "viem/chains";
import { deploy } from "./deploy.mjs";
import { DEV_WBTC_AMOUNT, loadUniswapArtifact, WBTC_POOL, WETH_POOL } from "./lib/dex.mjs";

describe("deploy: Uniswap V2, mWBTC and seeded pools on a real anvil", { timeout: 120_000 }, () => {
  /** @type {import("@fundament/test-chain").Anvil} */
  let anvil;
  /** @type {import("./deploy.mjs").Deployment} */
  let deployment;
  /** @type {import("viem").PublicClient} */
  let client;
  const chain = () => ({ ...foundry, rpcUrls: { default: { http: [anvil.url] } } });
  const routerAbi = loadUniswapArtifact("UniswapV2Router02").abi;
  const factoryAbi = loadUniswapArtifact("UniswapV2Factory").abi;
  const pairAbi = loadUniswapArtifact("UniswapV2Pair").abi;

  before(async () => {
    anvil = await startAnvil({ port: await freePort() });
    deployment = await deploy({ rpcUrl: anvil.url, deploymentsDir: false });
    client = /** @type {import("viem").PublicClient} */ (
      createPublicClient({ chain: chain(), transport: http(anvil.url) })
    );
  });

  after(async () => {
    await anvil?.stop();
  });

  /** @param {import("viem").Address} tokenA @param {import("viem").Address} tokenB */
  const reserves = async (tokenA, tokenB) => {
    if (!deployment.dex) throw new Error("no dex");
    const pair = /** @type {import("viem").Address} */ (
      await client.readContract({
        address: deployment.dex.factory,
        abi: factoryAbi,
        functionName: "getPair",
        args: [tokenA, tokenB],
      })
    );
    const token0 = await client.readContract({ address: pair, abi: pairAbi, functionName: "token0" });
    const [r0, r1] = /** @type {[bigint, bigint, number]} */ (
      await client.readContract({ address: pair, abi: pairAbi, functionName: "getReserves" })
    );
    return String(token0).toLowerCase() === tokenA.toLowerCase() ? [r0, r1] : [r1, r0];
  };

  test("the record has dex and tokens: mUSDC first, then mWBTC with 8 decimals", async () => {
    assert.ok(deployment.dex);
    for (const address of Object.values(deployment.dex)) {
      const code = await client.getCode({ address });
      assert.ok(code && code.length > 2, `no code at ${address}`);
    }
    assert.equal(
      await client.readContract({ address: deployment.dex.router, abi: routerAbi, functionName: "WETH" }),
      deployment.dex.weth,
    );
    assert.deepEqual(
      deployment.tokens?.map(({ symbol, decimals }) => [symbol, decimals]),
      [
        ["mUSDC", 6],
        ["mWBTC", 8],
      ],
    );
    assert.equal(deployment.tokens?.[0]?.address, deployment.investmentToken);
  });

  test("the pools hold 200 ETH : 600,000 mUSDC and 10 mWBTC : 600,000 mUSDC; accounts 1-5 hold mWBTC", async () => {
    assert.ok(deployment.dex && deployment.tokens);
    const [usdc, wbtc] = deployment.tokens.map((token) => token.address);
    assert.ok(usdc && wbtc);
    assert.deepEqual(await reserves(deployment.dex.weth, usdc), [WETH_POOL.eth, WETH_POOL.usdc]);
    assert.deepEqual(await reserves(wbtc, usdc), [WBTC_POOL.wbtc, WBTC_POOL.usdc]);
    for (const index of [1, 2, 3, 4, 5]) {
      /** @type {bigint} */
      const balance = await client.readContract({
        address: wbtc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [devAccount(index).address],
      });
      assert.equal(balance, DEV_WBTC_AMOUNT);
    }
  });

  test("a dev account swaps 1 ETH for mUSDC and back through Router02", async () => {
    assert.ok(deployment.dex && deployment.tokens);
    const { router, weth } = deployment.dex;
    const usdc = deployment.tokens[0]?.address;
    assert.ok(usdc);
    const account = devLocalAccount(6);
    const wallet = createWalletClient({ account, chain: chain(), transport: http(anvil.url) });
    const [, quoted] = /** @type {[bigint, bigint]} */ (
      await client.readContract({
        address: router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [parseEther("1"), [weth, usdc]],
      })
    );
    // 1 ETH at 3,000, less the 0.3 % fee and the price impact of 1 ETH in a 200 ETH pool: about 2,976 mUSDC.
    assert.ok(quoted > parseUnits("2970", 6) && quoted < parseUnits("2980", 6), `quoted ${quoted}`);
    const balanceOf = () =>
      client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [account.address] });
    const before = await balanceOf();
    const swap = await wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: "swapExactETHForTokens",
      args: [quoted, [weth, usdc], account.address, maxUint256],
      value: parseEther("1"),
    });
    assert.equal((await client.waitForTransactionReceipt({ hash: swap })).status, "success");
    assert.equal((await balanceOf()) - before, quoted);

    const approve = await wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "approve",
      args: [router, quoted],
    });
    await client.waitForTransactionReceipt({ hash: approve });
    const ethBefore = await client.getBalance({ address: account.address });
    const back = await wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: "swapExactTokensForETH",
      args: [quoted, 0n, [usdc, weth], account.address, maxUint256],
    });
    const receipt = await client.waitForTransactionReceipt({ hash: back });
    assert.equal(receipt.status, "success");
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    const received = (await client.getBalance({ address: account.address })) - ethBefore + gas;
    assert.ok(received > parseEther("0.99") && received < parseEther("1"), `received ${received}`);
  });
});
