import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { type Address, createPublicClient, createWalletClient, http, numberToHex, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { beforeAll, describe, expect, it } from "vitest";
import { testTokenAbi, testTokenBytecode } from "../../testing/testToken.js";
import { getBalances } from "./getBalances.js";

const { rpcUrl } = testChainForFile();
let client: PublicClient;
let usdc: Address;
let zeroDecimals: Address;
const owner = devLocalAccount(0);

async function deploy(name: string, symbol: string, decimals: number, supply: bigint): Promise<Address> {
  const wallet = createWalletClient({ account: owner, chain: foundry, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: [name, symbol, decimals, supply],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("no contract");
  return receipt.contractAddress;
}

beforeAll(async () => {
  client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
  usdc = await deploy("USD Coin", "USDC", 6, 1_234_560_000n);
  zeroDecimals = await deploy("Points", "PTS", 0, 10n);
});

describe("getBalances", () => {
  it("falls back to a multicall of the token list on a wallet without asset discovery, dropping zero decimals", async () => {
    const result = await getBalances({
      client,
      chain: foundry,
      address: owner.address,
      tokens: [{ address: usdc }, { address: zeroDecimals }],
      walletRequest: (async () => {
        throw Object.assign(new Error("Method not supported"), { code: -32601 });
      }) as never,
    });
    expect(result.source).toBe("multicall");
    expect(result.balances.map((b) => [b.symbol, b.quantity.decimals, b.address])).toEqual([
      ["ETH", "18", undefined],
      ["USDC", "6", `eip155:31337:${usdc}`],
    ]);
    expect(result.balances[1]?.quantity.numeric).toBe("1234.56");
    expect(Number(result.balances[0]?.quantity.numeric)).toBeGreaterThan(9000);
  });

  it("uses wallet_getAssets when the wallet reports the assetDiscovery capability", async () => {
    const chainHex = numberToHex(31337);
    const calls: string[] = [];
    const walletRequest = (async ({ method }: { method: string }) => {
      calls.push(method);
      if (method === "wallet_getCapabilities") return { [chainHex]: { assetDiscovery: { supported: true } } };
      if (method === "wallet_getAssets")
        return {
          [chainHex]: [
            { address: "native", balance: "0xde0b6b3a7640000", type: "NATIVE", metadata: { decimals: 18 } },
            {
              address: usdc,
              balance: "0xf4240",
              type: "ERC20",
              metadata: { name: "USD Coin", symbol: "USDC", decimals: 6, price: 1 },
            },
            { address: zeroDecimals, balance: "0xa", type: "ERC20", metadata: { symbol: "PTS", decimals: 0 } },
          ],
        };
      throw new Error(`unexpected ${method}`);
    }) as never;
    const result = await getBalances({ client, chain: foundry, address: owner.address, walletRequest });
    expect(calls).toEqual(["wallet_getCapabilities", "wallet_getAssets"]);
    expect(result.source).toBe("wallet");
    expect(result.balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ["ETH", "1", 0],
      ["USDC", "1", 1],
    ]);
  });
});
