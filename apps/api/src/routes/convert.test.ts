import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { type Deployment, parseDeployment } from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  parseUnits,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS } from "../chain/caip.js";
import { routerAbi } from "../convert/dex.js";
import { type TestApp, testApp } from "../testing/testApp.js";

const account = devLocalAccount;
/** A dev account with ETH, mUSDC and mWBTC after the deploy. */
const TRADER = account(1);
/** An account with nothing at all. */
const EMPTY = "0x00000000000000000000000000000000000e4417" as const;

type BuiltTx = { from: Address; to: Address; data: Hex; value: string; eip155: { gas: string; gasPrice: string } };

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let client: PublicClient;
let api: TestApp;
let usdc: Address;
let wbtc: Address;
const id = (address: string) => `eip155:31337:${address}`;
const ETH = id(NATIVE_TOKEN_ADDRESS);

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-convert-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
  client = createPublicClient({ transport: http(rpcUrl) });
  usdc = deployment.investmentToken as Address;
  const second = deployment.tokens?.find((token) => token.address !== usdc);
  if (!deployment.dex || !second) throw new Error("the local deployment has no DEX or second token");
  wbtc = second.address;
  // The API as `npm start` runs it: the deployment from the environment (no token list), the DEX and SWAP_TOKENS.
  api = await testApp({
    RPC_URL: rpcUrl,
    CHAIN_ID: "31337",
    FUND_ADDRESS: deployment.investmentFund,
    TOKEN_ADDRESS: usdc,
    DEX_ROUTER_ADDRESS: deployment.dex.router,
    DEX_FACTORY_ADDRESS: deployment.dex.factory,
    WETH_ADDRESS: deployment.dex.weth,
    SWAP_TOKENS: [usdc, wbtc].join(","),
    RATE_LIMIT_MAX: "100000",
  });
}, 240_000);

afterAll(async () => {
  await api?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await api.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as T };
}
async function post<T>(url: string, payload: unknown): Promise<{ status: number; body: T }> {
  const response = await api.app.inject({ method: "POST", url, payload: payload as Record<string, unknown> });
  return { status: response.statusCode, body: response.json() as T };
}

/** Sends a built transaction as it is, from the trader; returns whether it succeeded. */
async function sendBuilt(tx: BuiltTx): Promise<"success" | "reverted"> {
  const wallet = createWalletClient({ account: TRADER, transport: http(rpcUrl) });
  const hash = await wallet.sendTransaction({
    chain: null,
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
  });
  return (await client.waitForTransactionReceipt({ hash })).status;
}

const balanceOf = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

describe("supported chains, tokens and prices", () => {
  it("lists the local chain and its tokens, native ETH first, with metadata read from the chain", async () => {
    expect((await get("/v1/supported-chains")).body).toEqual({ http: ["eip155:31337"], ws: [] });
    const { status, body } = await get<{ tokens: { symbol: string; address: string; decimals: number }[] }>(
      "/v1/convert/tokens?chainId=eip155:31337",
    );
    expect(status).toBe(200);
    expect(body.tokens.map((token) => [token.symbol, token.address, token.decimals])).toEqual([
      ["ETH", ETH, 18],
      ["mUSDC", id(usdc), 6],
      ["mWBTC", id(wbtc), 8],
    ]);
  });

  it("prices the USD token at 1 and ETH and mWBTC at their pools' mid prices", async () => {
    const { body } = await post<{ fungibles: { symbol: string; price: number; address: string }[] }>(
      "/v1/fungible/price",
      { currency: "usd", addresses: [ETH, id(usdc).toLowerCase(), id(wbtc), id(EMPTY), "eip155:1:0xnope"] },
    );
    const prices = Object.fromEntries(body.fungibles.map((f) => [f.symbol, f.price]));
    expect(prices.mUSDC).toBe(1);
    // The seeded pools: 200 ETH : 600,000 mUSDC and 10 mWBTC : 600,000 mUSDC (other tests may have moved them a little).
    expect(prices.ETH).toBeGreaterThan(2_900);
    expect(prices.ETH).toBeLessThan(3_100);
    expect(prices.mWBTC).toBeGreaterThan(58_000);
    expect(prices.mWBTC).toBeLessThan(62_000);
    // A token without a pool or that is not an ERC-20, and a malformed id, are left out.
    expect(body.fungibles).toHaveLength(3);
  });

  it("answers empty results on another chain and refuses other currencies", async () => {
    const other = await post<{ fungibles: unknown[] }>("/v1/fungible/price", { addresses: [`eip155:1:${usdc}`] });
    expect(other).toEqual({ status: 200, body: { fungibles: [] } });
    const eur = await post<{ message: string }>("/v1/fungible/price", { currency: "eur", addresses: [ETH] });
    expect(eur.status).toBe(400);
    expect(eur.body.message).toContain("currency must be usd");
    expect((await get(`/v1/account/${TRADER.address}/balance?currency=usd&chainId=eip155:1`)).body).toEqual({
      balances: [],
    });
  });

  it("gives the account's balances with price and value, and none for an empty account", async () => {
    const { body } = await get<{
      balances: { symbol: string; address?: string; price: number; value: number; quantity: { numeric: string } }[];
    }>(`/v1/account/${TRADER.address}/balance?currency=usd&chainId=eip155:31337&forceUpdate=true`);
    const eth = body.balances.find((b) => b.symbol === "ETH");
    // The deploy gives dev accounts 1–5 mWBTC (and no mUSDC: that is the seed's).
    const mwbtc = body.balances.find((b) => b.symbol === "mWBTC");
    expect(body.balances.map((b) => b.symbol)).toEqual(["ETH", "mWBTC"]);
    expect(eth?.address).toBeUndefined();
    expect(mwbtc?.address).toBe(id(wbtc));
    const onChain = await balanceOf(wbtc, TRADER.address);
    expect(mwbtc?.quantity.numeric).toBe((Number(onChain) / 1e8).toString());
    expect(mwbtc?.value).toBeCloseTo((Number(onChain) / 1e8) * (mwbtc?.price ?? 0), 6);
    expect(mwbtc?.price).toBeGreaterThan(58_000);
    expect(eth?.value).toBeCloseTo(Number(eth?.quantity.numeric) * (eth?.price ?? 0), 6);
    expect((await get(`/v1/account/${EMPTY}/balance?chainId=eip155:31337`)).body).toEqual({ balances: [] });
  });
});

describe("swaps", () => {
  it("quotes ETH → mUSDC as the router does, with fee and price impact", async () => {
    const amount = parseEther("0.5");
    const { status, body } = await get<{
      quotes: { fromAmount: string; toAmount: string; fee: string; priceImpact: string; route: string[] }[];
    }>(`/v1/convert/quotes?amount=${amount}&userAddress=${TRADER.address}&from=${ETH}&to=${id(usdc)}`);
    expect(status).toBe(200);
    const [quote] = body.quotes;
    const amounts = await client.readContract({
      address: deployment.dex?.router as Address,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [amount, [deployment.dex?.weth as Address, usdc]],
    });
    expect(quote?.toAmount).toBe(amounts[1]?.toString());
    expect(quote?.fee).toBe(((amount * 3n) / 1000n).toString());
    expect(Number(quote?.priceImpact)).toBeGreaterThan(0);
    expect(quote?.route).toEqual([ETH, id(usdc)]);
  });

  it("builds an ETH → mUSDC swap that executes and pays at least the minimum for the slippage", async () => {
    const amount = parseEther("0.5");
    const before = await balanceOf(usdc, TRADER.address);
    const { status, body } = await post<{ tx: BuiltTx }>("/v1/convert/build-transaction", {
      amount: amount.toString(),
      eip155: { slippage: "0.5" },
      from: ETH,
      to: id(usdc),
      userAddress: TRADER.address,
    });
    expect(status).toBe(200);
    expect(body.tx.to).toBe(deployment.dex?.router);
    expect(body.tx.value).toBe(amount.toString());
    const quoted = await get<{ quotes: { toAmount: string }[] }>(
      `/v1/convert/quotes?amount=${amount}&userAddress=${TRADER.address}&from=${ETH}&to=${id(usdc)}`,
    );
    expect(await sendBuilt(body.tx)).toBe("success");
    const received = (await balanceOf(usdc, TRADER.address)) - before;
    expect(received).toBeGreaterThanOrEqual((BigInt(quoted.body.quotes[0]?.toAmount ?? "0") * 9950n) / 10_000n);
  });

  it("needs an approval for mUSDC → ETH: allowance, build-approve, then the swap", async () => {
    const from = id(usdc);
    const amount = parseUnits("1000", 6);
    const allowance = await get<{ allowance: string }>(
      `/v1/convert/allowance?tokenAddress=${from}&userAddress=${TRADER.address}`,
    );
    expect(allowance.body.allowance).toBe("0");
    const native = await get<{ allowance: string }>(
      `/v1/convert/allowance?tokenAddress=${ETH}&userAddress=${TRADER.address}`,
    );
    expect(native.body.allowance).toBe(maxUint256.toString());
    const approve = await get<{ tx: BuiltTx }>(
      `/v1/convert/build-approve?userAddress=${TRADER.address}&from=${from}&to=${ETH}&amount=${amount}`,
    );
    expect(approve.status).toBe(200);
    expect(await sendBuilt(approve.body.tx)).toBe("success");
    const after = await get<{ allowance: string }>(
      `/v1/convert/allowance?tokenAddress=${from}&userAddress=${TRADER.address}`,
    );
    expect(after.body.allowance).toBe(amount.toString());
    const ethBefore = await client.getBalance({ address: TRADER.address });
    const swap = await post<{ tx: BuiltTx }>("/v1/convert/build-transaction", {
      amount: amount.toString(),
      eip155: { slippage: "1" },
      from,
      to: ETH,
      userAddress: TRADER.address,
    });
    expect(swap.status).toBe(200);
    expect(await sendBuilt(swap.body.tx)).toBe("success");
    // 1,000 mUSDC ≈ 0.33 ETH, minus gas.
    expect(await client.getBalance({ address: TRADER.address })).toBeGreaterThan(ethBefore + parseEther("0.3"));
  });

  it("routes mWBTC → ETH through the pools and refuses a swap the account cannot pay in plain words", async () => {
    const quote = await get<{ quotes: { route: string[] }[] }>(
      `/v1/convert/quotes?amount=1000000&userAddress=${TRADER.address}&from=${id(wbtc)}&to=${ETH}`,
    );
    expect(quote.status).toBe(200);
    expect(quote.body.quotes[0]?.route).toEqual([id(wbtc), id(usdc), ETH]);
    const broke = await post<{ message: string }>("/v1/convert/build-transaction", {
      amount: parseEther("1").toString(),
      eip155: { slippage: "0.5" },
      from: ETH,
      to: id(usdc),
      userAddress: EMPTY,
    });
    expect(broke.status).toBe(400);
    expect(broke.body.message).toBe("Your balance is too low for this swap and its gas");
  });

  it("a swap whose price moved past the slippage reverts on the chain and takes only gas", async () => {
    const amount = parseEther("1");
    const built = await post<{ tx: BuiltTx }>("/v1/convert/build-transaction", {
      amount: amount.toString(),
      eip155: { slippage: "0.1" },
      from: ETH,
      to: id(usdc),
      userAddress: TRADER.address,
    });
    expect(built.status).toBe(200);
    // Another account buys 20 ETH of mUSDC first: the price moves about 10 %.
    const whale = createWalletClient({ account: account(6), transport: http(rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await whale.writeContract({
        chain: null,
        address: deployment.dex?.router as Address,
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [0n, [deployment.dex?.weth as Address, usdc], account(6).address, maxUint256],
        value: parseEther("20"),
      }),
    });
    const before = await balanceOf(usdc, TRADER.address);
    expect(await sendBuilt(built.body.tx)).toBe("reverted");
    expect(await balanceOf(usdc, TRADER.address)).toBe(before);
    // Built now, with the moved price, the same swap works.
    const again = await post<{ tx: BuiltTx }>("/v1/convert/build-transaction", {
      amount: amount.toString(),
      eip155: { slippage: "0.1" },
      from: ETH,
      to: id(usdc),
      userAddress: TRADER.address,
    });
    expect(await sendBuilt(again.body.tx)).toBe("success");
  });

  it("answers the spec's texts on a network without swaps, and validates every input", async () => {
    const tokens = await get<{ message: string }>("/v1/convert/tokens?chainId=eip155:1");
    expect(tokens).toMatchObject({ status: 400, body: { message: "Network not supported for Swaps" } });
    const gas = await get<{ message: string }>("/v1/convert/gas-price?chainId=1");
    expect(gas).toMatchObject({ status: 400, body: { message: "Network not supported for Gas Price" } });
    const local = await get<{ standard: string; fast: string }>("/v1/convert/gas-price?chainId=eip155:31337");
    expect(BigInt(local.body.fast)).toBeGreaterThanOrEqual(BigInt(local.body.standard));
    const mixed = await get<{ message: string }>(
      `/v1/convert/quotes?amount=1&userAddress=${TRADER.address}&from=${ETH}&to=eip155:1:${usdc}`,
    );
    expect(mixed.body.message).toBe("Network not supported for Swaps");
    const badAmount = await get<{ message: string }>(
      `/v1/convert/quotes?amount=1.5&userAddress=${TRADER.address}&from=${ETH}&to=${id(usdc)}`,
    );
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.message).toContain("amount must be a whole number of base units");
    const badSlippage = await post<{ message: string }>("/v1/convert/build-transaction", {
      amount: "1000",
      eip155: { slippage: "75" },
      from: ETH,
      to: id(usdc),
      userAddress: TRADER.address,
    });
    expect(badSlippage.status).toBe(400);
    expect(badSlippage.body.message).toContain("slippage must be a percent");
    const same = await get<{ message: string }>(
      `/v1/convert/quotes?amount=1000&userAddress=${TRADER.address}&from=${id(usdc)}&to=${id(usdc)}`,
    );
    expect(same.body.message).toBe("No route for this pair");
  });
});

describe("with the chain's RPC down", () => {
  it("answers 503 in plain words, never the RPC's own error", async () => {
    const down = await testApp({
      RPC_URL: "http://127.0.0.1:9",
      CHAIN_ID: "31337",
      FUND_ADDRESS: deployment.investmentFund,
      TOKEN_ADDRESS: usdc,
      DEX_ROUTER_ADDRESS: deployment.dex?.router as string,
      DEX_FACTORY_ADDRESS: deployment.dex?.factory as string,
      WETH_ADDRESS: deployment.dex?.weth as string,
    });
    try {
      const tokens = await down.app.inject("/v1/convert/tokens?chainId=31337");
      expect(tokens.statusCode).toBe(503);
      expect(tokens.json().message).toBe("The chain cannot be reached right now; try again shortly");
      const prices = await down.app.inject({
        method: "POST",
        url: "/v1/fungible/price",
        payload: { addresses: [ETH] },
      });
      expect(prices.statusCode).toBe(503);
      expect(prices.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed/);
      // The list of supported chains never fails: it is empty while the chain does not answer.
      expect((await down.app.inject("/v1/supported-chains")).json()).toEqual({ http: [], ws: [] });
    } finally {
      await down.close();
    }
  });
});
