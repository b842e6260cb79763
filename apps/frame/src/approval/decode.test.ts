/** Decoding without a chain: the swap router's calls and a smart account's batch (token metadata stubbed). */
import { type Address, createClient, encodeFunctionData, erc20Abi, getAddress, http, parseAbi, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import type { KnownContract } from "../config.js";
import { decodeCall, uniswapV2RouterAbi } from "./decode.js";
import type { TokenMeta } from "./tokens.js";
import type { ReadContext } from "./types.js";
import { accountCalls } from "./userOperation.js";

const router: Address = "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D";
const usdc: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const weth: Address = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const me: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const stranger: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

const metas: Record<string, TokenMeta> = {
  [usdc.toLowerCase()]: { symbol: "mUSDC", decimals: 6 },
  [weth.toLowerCase()]: { symbol: "WETH", decimals: 18 },
};
const knownContracts: KnownContract[] = [
  { address: router, name: "Uniswap V2 Router", abi: "uniswapV2Router" },
  { address: usdc, name: "mUSDC", abi: "erc20" },
];
const context: ReadContext = {
  account: me,
  chain: { id: 31337, name: "Anvil", rpcUrl: "http://127.0.0.1:1" },
  // Never reached: swaps and transfers read only token metadata.
  client: createClient({ transport: http("http://127.0.0.1:1") }),
  knownContracts,
  tokens: async (token) => metas[token.toLowerCase()],
};

describe("a swap through the Uniswap V2 router", () => {
  it("reads 'Swap 100 mUSDC for at least 0.0329 WETH' with both tokens named", async () => {
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: "swapExactTokensForTokens",
      args: [parseUnits("100", 6), 32_895_533_858_790_463n, [usdc, weth], me, 1_795_726_523n],
    });
    const decoded = await decodeCall({ to: router, value: 0n, data }, context);
    expect(decoded?.words).toBe("swap 100 mUSDC for at least 0.0329 WETH");
    expect(decoded?.args).toEqual([
      { label: "amountIn", value: "100 mUSDC" },
      { label: "amountOutMin", value: "0.0329 WETH" },
      { label: "path", value: `mUSDC (${usdc}) → ${getAddress(weth)}` },
      { label: "to", value: me },
      { label: "deadline", value: expect.stringMatching(/2026/) },
    ]);
  });

  it("says ETH where the router takes or pays ETH, and names a recipient other than you", async () => {
    const ethIn = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: "swapExactETHForTokens",
      args: [parseUnits("245.5", 6), [weth, usdc], stranger, 1_795_726_523n],
    });
    expect((await decodeCall({ to: router, value: 10n ** 17n, data: ethIn }, context))?.words).toBe(
      "swap 0.1 ETH for at least 245.5 mUSDC, paid to 0x90F7…b906",
    );
    const ethOut = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: "swapExactTokensForETH",
      args: [parseUnits("1234.5", 6), 4n * 10n ** 17n, [usdc, weth], me, 1_795_726_523n],
    });
    expect((await decodeCall({ to: router, value: 0n, data: ethOut }, context))?.words).toBe(
      "swap 1,234.5 mUSDC for at least 0.4 ETH",
    );
  });
});

describe("a token call", () => {
  it("says who gets what", async () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [stranger, 2_500_000n] });
    expect((await decodeCall({ to: usdc, value: 0n, data: transfer }, context))?.words).toBe(
      "send 2.5 mUSDC to 0x90F7…b906",
    );
    const revoke = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, 0n] });
    expect((await decodeCall({ to: usdc, value: 0n, data: revoke }, context))?.words).toBe(
      "remove Uniswap V2 Router's permission to spend your mUSDC",
    );
  });
});

describe("a smart account's calls", () => {
  const single = parseAbi(["function execute(address dest, uint256 value, bytes func)"]);
  const batch08 = parseAbi(["function executeBatch((address target, uint256 value, bytes data)[] calls)"]);
  const batch07 = parseAbi(["function executeBatch(address[] dest, uint256[] value, bytes[] func)"]);

  it("reads execute and each executeBatch shape, and nothing else", () => {
    expect(
      accountCalls(encodeFunctionData({ abi: single, functionName: "execute", args: [usdc, 5n, "0x1234"] })),
    ).toEqual([{ to: usdc, value: 5n, data: "0x1234" }]);
    const calls = [
      { target: usdc, value: 0n, data: "0xaa" as const },
      { target: router, value: 1n, data: "0xbb" as const },
    ];
    const expected = [
      { to: usdc, value: 0n, data: "0xaa" },
      { to: router, value: 1n, data: "0xbb" },
    ];
    expect(accountCalls(encodeFunctionData({ abi: batch08, functionName: "executeBatch", args: [calls] }))).toEqual(
      expected,
    );
    expect(
      accountCalls(
        encodeFunctionData({
          abi: batch07,
          functionName: "executeBatch",
          args: [
            [usdc, router],
            [0n, 1n],
            ["0xaa", "0xbb"],
          ],
        }),
      ),
    ).toEqual(expected);
    expect(
      accountCalls(encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [me, 1n] })),
    ).toBeUndefined();
  });
});
