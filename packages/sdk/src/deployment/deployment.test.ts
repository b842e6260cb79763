import { mkdtempSync, writeFileSync } from "node:fs";
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

  it("reads the file of a chain id, and says what to do when it is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "deployments-"));
    writeFileSync(
      join(dir, "31337.json"),
      JSON.stringify({ chainId: 31337, investmentFund: fund, deploymentBlock: 7 }),
    );
    expect(loadDeployment(31337, dir).deploymentBlock).toBe(7n);
    expect(() => loadDeployment(11155111, dir)).toThrow(/No deployment for chain 11155111 .* set FUND_ADDRESS/);
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
