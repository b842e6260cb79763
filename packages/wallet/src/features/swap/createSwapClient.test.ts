import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../core/messages.js";
import { type SwapTestServer, startSwapTestServer, swapRouterAbi } from "../../testing/startSwapTestServer.js";
import { deploySwapTestDex, type SwapTestDex } from "../../testing/swapTestDex.js";
import { createSwapClient, NO_ROUTE, SwapApiError, type SwapClient } from "./createSwapClient.js";
import { minimumReceived } from "./swapMath.js";

const NATIVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const swapper = devLocalAccount(1);

const { rpcUrl } = testChainForFile();
let deployed: SwapTestDex;
let server: SwapTestServer;
let client: SwapClient;
let ETH: string;
let USDC: string;
let WBTC: string;
let usdc: Address;

beforeAll(async () => {
  deployed = await deploySwapTestDex(rpcUrl);
  server = await startSwapTestServer(deployed);
  client = createSwapClient({ apiUrl: `${server.url}/` });
  usdc = deployed.tokens[0].address;
  ETH = `eip155:31337:${NATIVE}`;
  USDC = `eip155:31337:${usdc}`;
  WBTC = `eip155:31337:${deployed.tokens[1].address}`;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** The SwapApiError a call rejects with. */
async function failure(promise: Promise<unknown>): Promise<SwapApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SwapApiError);
  return error as SwapApiError;
}

describe("createSwapClient against the API's convert routes (stand-in on anvil with Uniswap V2)", () => {
  it("reads the supported chains and the chain's tokens (native ETH first)", async () => {
    expect(await client.supportedChains()).toEqual(["eip155:31337"]);
    const tokens = await client.tokens(31337);
    expect(tokens.map((t) => [t.symbol, t.decimals])).toEqual([
      ["ETH", 18],
      ["mUSDC", 6],
      ["mWBTC", 8],
    ]);
    expect(tokens[0]?.address).toBe(ETH);
    expect(tokens[1]?.address).toBe(USDC);
    expect(server.requests).toContain("GET /v1/convert/tokens?chainId=eip155%3A31337");
  });

  it("quotes ETH → mUSDC from the pool (3,000 mUSDC per ETH, 0.3 % fee) with the spec's fields", async () => {
    const quote = await client.quote({
      amount: String(parseEther("1")),
      userAddress: swapper.address,
      from: ETH,
      to: USDC,
    });
    // 1 ETH into 200 ETH : 600,000 mUSDC
    expect(quote).toEqual({
      fromAmount: String(parseEther("1")),
      fromAccount: ETH,
      toAmount: "2976163823",
      toAccount: USDC,
      priceImpact: "0.50",
      fee: String(parseEther("0.003")),
      route: [`eip155:31337:${deployed.dex.weth}`, USDC].map((id, i) => (i === 0 ? ETH : id)),
    });
    // mWBTC → ETH goes through mUSDC: two hops, two fees.
    const twoHops = await client.quote({
      amount: String(parseUnits("0.01", 8)),
      userAddress: swapper.address,
      from: WBTC,
      to: ETH,
    });
    expect(twoHops.route).toEqual([WBTC, USDC, ETH]);
    expect(twoHops.fee).toBe(String((parseUnits("0.01", 8) * (1000n ** 2n - 997n ** 2n)) / 1000n ** 2n));
    expect(BigInt(twoHops.toAmount)).toBeGreaterThan(parseEther("0.19"));
  });

  it("says the API's sentence when a quote cannot be made", async () => {
    expect(
      (await failure(client.quote({ amount: "1", userAddress: swapper.address, from: USDC, to: USDC }))).shortMessage,
    ).toBe(NO_ROUTE);
    const bad = await failure(client.quote({ amount: "0.5", userAddress: swapper.address, from: ETH, to: USDC }));
    expect(bad.status).toBe(400);
    expect(bad.shortMessage).toBe(
      "Invalid query: amount: amount must be a whole number of base units from 1 to 2^256 - 1 (digits only)",
    );
    const otherChain = await failure(
      client.quote({ amount: "1", userAddress: swapper.address, from: `eip155:1:${NATIVE}`, to: `eip155:1:${usdc}` }),
    );
    expect(otherChain.shortMessage).toBe(messages.networkNotSupportedForSwaps);
  });

  it("reads allowances (native: the largest uint256) and gas prices", async () => {
    expect(await client.allowance({ tokenAddress: ETH, userAddress: swapper.address })).toBe(maxUint256);
    expect(await client.allowance({ tokenAddress: USDC, userAddress: swapper.address })).toBe(0n);
    const gas = await client.gasPrice(31337);
    expect(BigInt(gas.standard)).toBeGreaterThan(0n);
    expect(BigInt(gas.fast)).toBe((BigInt(gas.standard) * 110n) / 100n);
    expect((await failure(client.gasPrice(1))).shortMessage).toBe(messages.networkNotSupportedForGasPrice);
    expect((await failure(client.tokens(1))).shortMessage).toBe(messages.networkNotSupportedForSwaps);
  });

  it("builds an approve of the router: the largest amount without `amount` (spec payload), the amount when given", async () => {
    const all = await client.buildApprove({ userAddress: swapper.address, from: USDC, to: ETH });
    expect(all.to).toBe(usdc);
    expect(all.from).toBe(swapper.address);
    expect(all.value).toBe("0");
    expect(BigInt(all.eip155?.gas ?? "0")).toBeGreaterThan(0n);
    expect(decodeFunctionData({ abi: erc20Abi, data: all.data }).args).toEqual([deployed.dex.router, maxUint256]);
    expect(server.requests.at(-1)).not.toContain("amount=");
    const some = await client.buildApprove({ userAddress: swapper.address, from: USDC, to: ETH, amount: "5" });
    expect(decodeFunctionData({ abi: erc20Abi, data: some.data }).args).toEqual([deployed.dex.router, 5n]);
    expect(
      (await failure(client.buildApprove({ userAddress: swapper.address, from: ETH, to: USDC }))).shortMessage,
    ).toBe("Native ETH needs no approval");
  });

  it("posts the spec's build-transaction payload and gets Router02 calldata with the minimum at the slippage", async () => {
    const amount = parseEther("0.5");
    const quote = await client.quote({ amount: String(amount), userAddress: swapper.address, from: ETH, to: USDC });
    const tx = await client.buildTransaction({
      amount: String(amount),
      from: ETH,
      to: USDC,
      userAddress: swapper.address,
      slippage: "0.5",
    });
    expect(server.builds.at(-1)).toEqual({
      amount: String(amount),
      eip155: { slippage: "0.5" },
      from: ETH,
      to: USDC,
      userAddress: swapper.address,
    });
    expect(tx.to).toBe(deployed.dex.router);
    expect(tx.value).toBe(String(amount));
    const call = decodeFunctionData({ abi: swapRouterAbi, data: tx.data });
    expect(call.functionName).toBe("swapExactETHForTokens");
    expect(call.args[0]).toBe(minimumReceived(BigInt(quote.toAmount), "0.5"));
    expect(call.args[2]).toBe(swapper.address);

    // Sent as it is, it swaps on anvil.
    const wallet = createWalletClient({ account: swapper, chain: foundry, transport: http(rpcUrl) });
    const before = await deployed.client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [swapper.address],
    });
    const hash = await wallet.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155?.gas ?? "0"),
    });
    expect((await deployed.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    const after = await deployed.client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [swapper.address],
    });
    expect(after - before).toBe(BigInt(quote.toAmount));

    // disableEstimate is sent only when asked, and then the API gives its fixed gas.
    const fixed = await client.buildTransaction({
      amount: "1000000",
      from: USDC,
      to: ETH,
      userAddress: swapper.address,
      slippage: "1",
      disableEstimate: true,
    });
    expect(server.builds.at(-1)).toMatchObject({ disableEstimate: true, eip155: { slippage: "1" } });
    expect(fixed.eip155?.gas).toBe("300000");
    expect(decodeFunctionData({ abi: swapRouterAbi, data: fixed.data }).functionName).toBe("swapExactTokensForETH");
  });

  it("carries the API's sentence of a failed build (a swap that would revert, a bad slippage, an outage)", async () => {
    // mUSDC → ETH without an approval: the estimate reverts in the router.
    const unapproved = await failure(
      client.buildTransaction({ amount: "1000000", from: USDC, to: ETH, userAddress: swapper.address, slippage: "1" }),
    );
    expect(unapproved.shortMessage).toBe("Approve the token and check your balance first");
    const slippage = await failure(
      client.buildTransaction({ amount: "1", from: ETH, to: USDC, userAddress: swapper.address, slippage: "51" }),
    );
    expect(slippage.shortMessage).toBe(
      "Invalid body: eip155.slippage: slippage must be a percent from 0.01 to 50 (at most two decimals), e.g. 0.5",
    );
    server.failNextBuild(400, "The price moved more than your slippage allows");
    const moved = await failure(
      client.buildTransaction({ amount: "1", from: ETH, to: USDC, userAddress: swapper.address, slippage: "1" }),
    );
    expect(moved.shortMessage).toBe("The price moved more than your slippage allows");
    expect(moved.status).toBe(400);
    server.failNextBuild(500, "The server could not answer this request");
    expect(
      (
        await failure(
          client.buildTransaction({ amount: "1", from: ETH, to: USDC, userAddress: swapper.address, slippage: "1" }),
        )
      ).status,
    ).toBe(500);
  });

  it("turns an unreachable API or an unexpected answer into 'Something went wrong'", async () => {
    const down = createSwapClient({ apiUrl: "http://127.0.0.1:9" });
    const error = await failure(down.supportedChains());
    expect(error.shortMessage).toBe(messages.somethingWentWrong);
    expect(error.status).toBe(0);
    const odd = createSwapClient({
      apiUrl: server.url,
      fetch: async () => new Response(JSON.stringify({ quotes: [{ fromAmount: 1 }] }), { status: 200 }),
    });
    expect(
      (await failure(odd.quote({ amount: "1", userAddress: swapper.address, from: ETH, to: USDC }))).shortMessage,
    ).toBe(messages.somethingWentWrong);
    const empty = createSwapClient({
      apiUrl: server.url,
      fetch: async () => new Response(JSON.stringify({ quotes: [] }), { status: 200 }),
    });
    expect(
      (await failure(empty.quote({ amount: "1", userAddress: swapper.address, from: ETH, to: USDC }))).shortMessage,
    ).toBe(NO_ROUTE);
  });
});
