import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getChain } from "../chains/getChain.js";
import { deploymentFromEnv, parseDeployment, smartAccountDeployment } from "./deployment.js";
import { loadDeployment } from "./loadDeployment.js";

const fund = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";

describe("deployment records", () => {
  it("validates and normalises a deployment file", () => {
    expect(parseDeployment({ chainId: 31337, investmentFund: fund, investmentToken: "", deploymentBlock: 2 })).toEqual({
      chainId: 31337,
      investmentFund: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      deploymentBlock: 2n,
    });
    expect(() => parseDeployment({ chainId: 1, investmentFund: "0x12", deploymentBlock: 0 })).toThrow(
      'The deployment\'s investmentFund is not an address: "0x12".',
    );
    expect(() => parseDeployment({ chainId: "x", investmentFund: fund })).toThrow(/chainId is not a chain id/);
    expect(() => parseDeployment({ chainId: 1, investmentFund: fund, deploymentBlock: -1 })).toThrow(
      /not a block number/,
    );
  });

  it("takes the smart-account addresses and the bundler URL when present, and checks them", () => {
    const record = {
      chainId: 31337,
      investmentFund: fund,
      deploymentBlock: 2,
      entryPoint: "0x4337084d9e255ff0702461cf8895ce9e3b5ff108",
      accountFactory: "0xdaecf91a87e14dfb1a836186437ca6424efcaba2",
      fundPaymaster: "0xdc64a140aa3e981100a9beca4e685f962f0cf6c9",
      bundlerUrl: "http://127.0.0.1:4337",
    };
    const parsed = parseDeployment(record);
    expect(smartAccountDeployment(parsed)).toEqual({
      entryPoint: "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108",
      accountFactory: "0xdaeCF91A87e14dfB1a836186437cA6424EFCaba2",
      fundPaymaster: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
      bundlerUrl: "http://127.0.0.1:4337",
    });
    // A deployment without the paymaster has no smart accounts.
    expect(smartAccountDeployment(parseDeployment({ ...record, fundPaymaster: null }))).toBeUndefined();
    expect(() => parseDeployment({ ...record, bundlerUrl: "ws:/x" })).toThrow(
      'The deployment\'s bundlerUrl is not an http(s) URL: "ws:/x".',
    );
    expect(() => parseDeployment({ ...record, accountFactory: "0x1" })).toThrow(/accountFactory is not an address/);
    expect(
      deploymentFromEnv({
        FUND_ADDRESS: fund,
        ENTRY_POINT_ADDRESS: record.entryPoint,
        ACCOUNT_FACTORY_ADDRESS: record.accountFactory,
        FUND_PAYMASTER_ADDRESS: record.fundPaymaster,
        BUNDLER_URL: "https://bundler.example/rpc",
      }),
    ).toMatchObject({
      bundlerUrl: "https://bundler.example/rpc",
      entryPoint: "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108",
    });
  });

  it("takes the DEX and the token list when present, and checks them", () => {
    const record = {
      chainId: 31337,
      investmentFund: fund,
      deploymentBlock: 2,
      dex: {
        factory: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
        router: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
        weth: "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
      },
      tokens: [
        { address: "0xa513e6e4b8f2a923d98304ec87f64353c4d5c853", symbol: "mUSDC", name: "Mock USD Coin", decimals: 6 },
        {
          address: "0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6",
          symbol: "mWBTC",
          name: "Mock Wrapped BTC",
          decimals: 8,
        },
      ],
    };
    const parsed = parseDeployment(record);
    expect(parsed.dex).toEqual({
      factory: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      router: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      weth: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    });
    expect(parsed.tokens?.map((token) => [token.address, token.symbol, token.decimals])).toEqual([
      ["0xa513E6E4b8f2a923D98304ec87F64353C4D5C853", "mUSDC", 6],
      ["0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6", "mWBTC", 8],
    ]);
    // Without a DEX the chain is not supported for swaps: the fields stay absent.
    expect(parseDeployment({ chainId: 31337, investmentFund: fund })).not.toHaveProperty("dex");
    expect(parseDeployment({ chainId: 31337, investmentFund: fund })).not.toHaveProperty("tokens");
    expect(() => parseDeployment({ ...record, dex: { ...record.dex, router: "0x1" } })).toThrow(
      'The deployment\'s dex.router is not an address: "0x1".',
    );
    expect(() => parseDeployment({ ...record, tokens: [{ ...record.tokens[1], decimals: 256 }] })).toThrow(
      /tokens\[0\]\.decimals is not 0-255/,
    );
    expect(() => parseDeployment({ ...record, tokens: [{ ...record.tokens[0], symbol: "" }] })).toThrow(
      /tokens\[0\]\.symbol/,
    );
    expect(() => parseDeployment({ ...record, tokens: "mUSDC" })).toThrow(/tokens is not a list/);
  });

  it("takes the DEX from the environment: all three addresses or none", () => {
    const env = {
      FUND_ADDRESS: fund,
      DEX_ROUTER_ADDRESS: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
      DEX_FACTORY_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      WETH_ADDRESS: "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
    };
    expect(deploymentFromEnv(env)?.dex).toEqual({
      router: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      factory: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      weth: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    });
    expect(deploymentFromEnv({ FUND_ADDRESS: fund })).not.toHaveProperty("dex");
    expect(() => deploymentFromEnv({ ...env, WETH_ADDRESS: "" })).toThrow(/set all three or none/);
    expect(() => deploymentFromEnv({ ...env, DEX_ROUTER_ADDRESS: "router" })).toThrow(/dex.router is not an address/);
  });

  it("reads the file of a chain id, and says what to do when it is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "deployments-"));
    writeFileSync(
      join(dir, "31337.json"),
      JSON.stringify({ chainId: 31337, investmentFund: fund, deploymentBlock: 7 }),
    );
    try {
      expect(loadDeployment(31337, dir).deploymentBlock).toBe(7n);
      expect(() => loadDeployment(11155111, dir)).toThrow(/No deployment for chain 11155111 .* set FUND_ADDRESS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes Sepolia from the environment with the spec's deployment block by default", () => {
    expect(deploymentFromEnv({})).toBeUndefined();
    expect(deploymentFromEnv({ FUND_ADDRESS: fund })).toMatchObject({ chainId: 11155111, deploymentBlock: 8_250_257n });
    expect(deploymentFromEnv({ FUND_ADDRESS: fund, CHAIN_ID: "31337" })).toMatchObject({ deploymentBlock: 0n });
  });

  it("knows the local chain and Sepolia, and only those", () => {
    expect(getChain(31337, "http://127.0.0.1:9999").rpcUrls.default.http).toEqual(["http://127.0.0.1:9999"]);
    expect(getChain(11155111).contracts?.multicall3?.address).toMatch(/^0x/);
    expect(() => getChain(1)).toThrow("Chain 1 is not supported. Use the local chain (31337) or Sepolia (11155111).");
  });
});
