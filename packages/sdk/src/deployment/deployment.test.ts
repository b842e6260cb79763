import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getChain } from "../chains/getChain.js";
import { deploymentFromEnv, parseDeployment } from "./deployment.js";
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
