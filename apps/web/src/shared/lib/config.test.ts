import { describe, expect, it } from "vitest";
import { ConfigError, loadAppConfig, parseAppConfig } from "./config";

const valid = {
  chainId: 31337,
  rpcUrl: "http://127.0.0.1:8545",
  apiUrl: "http://127.0.0.1:8787/",
  deployment: {
    chainId: 31337,
    investmentFund: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
    investmentToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    deploymentBlock: 2,
  },
};

const respond = (status: number, body: unknown) =>
  (async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("runtime config (/config.json)", () => {
  it("parses what serve-web.mjs serves", () => {
    expect(parseAppConfig({ ...valid, walletConnectProjectId: "abc" })).toEqual({
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8545",
      apiUrl: "http://127.0.0.1:8787",
      deployment: {
        chainId: 31337,
        investmentFund: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        investmentToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        deploymentBlock: 2n,
      },
      walletConnectProjectId: "abc",
    });
  });

  it("parses the optional embedded-wallet block and refuses a bad one", () => {
    const embedded = { frameUrl: "http://127.0.0.1:5174/", socialProviders: ["google", "github"], farcaster: true };
    expect(parseAppConfig({ ...valid, embedded }).embedded).toEqual({
      frameUrl: "http://127.0.0.1:5174",
      socialProviders: ["google", "github"],
      farcaster: true,
    });
    expect(parseAppConfig(valid).embedded).toBeUndefined();
    expect(() => parseAppConfig({ ...valid, embedded: { frameUrl: "javascript:alert(1)" } })).toThrow(
      /embedded.frameUrl must be an http\(s\) address/,
    );
    expect(() => parseAppConfig({ ...valid, embedded: { ...embedded, socialProviders: ["myspace"] } })).toThrow(
      /embedded.socialProviders must be a list of/,
    );
    expect(() => parseAppConfig({ ...valid, embedded: { ...embedded, farcaster: "yes" } })).toThrow(
      /embedded.farcaster must be true or false/,
    );
  });

  it("parses the optional bitcoin block and refuses a bad one", () => {
    const bitcoin = { balanceApiUrl: "http://127.0.0.1:3002/", network: "regtest" };
    expect(parseAppConfig({ ...valid, bitcoin }).bitcoin).toEqual({
      balanceApiUrl: "http://127.0.0.1:3002",
      network: "regtest",
    });
    expect(parseAppConfig(valid).bitcoin).toBeUndefined();
    expect(() => parseAppConfig({ ...valid, bitcoin: { ...bitcoin, network: "signet" } })).toThrow(
      /bitcoin.network must be mainnet, testnet or regtest/,
    );
    expect(() => parseAppConfig({ ...valid, bitcoin: { ...bitcoin, balanceApiUrl: "ftp://x" } })).toThrow(
      /bitcoin.balanceApiUrl must be an http\(s\) address/,
    );
  });

  it("parses the optional solana block (npm start's local Solana RPC)", () => {
    const solana = {
      rpcUrl: "http://127.0.0.1:8899/",
      genesisHash: "CKzSJtA56Nm5gFMGL4L9eQoRjRjsT9FstQuPsWmQg55E",
      mint: {
        address: "byuipq8PM7JrhSM1gyhsbAZpTryPEA8SZLeBZTGonJn",
        symbol: "mUSDC",
        name: "Mock USD Coin",
        decimals: 6,
      },
    };
    expect(parseAppConfig({ ...valid, solana }).solana).toEqual({ ...solana, rpcUrl: "http://127.0.0.1:8899" });
    expect(parseAppConfig({ ...valid, solana: { rpcUrl: "https://api.devnet.solana.com" } }).solana).toEqual({
      rpcUrl: "https://api.devnet.solana.com",
    });
    expect(parseAppConfig(valid).solana).toBeUndefined();
  });

  it.each([
    [{ ...valid, solana: "http://127.0.0.1:8899" }, /solana must be an object with rpcUrl/],
    [{ ...valid, solana: { rpcUrl: "ws://127.0.0.1:8899" } }, /solana.rpcUrl must be an http\(s\) address/],
    [{ ...valid, solana: { rpcUrl: "http://x", genesisHash: "0xabc" } }, /solana.genesisHash must be a base58/],
    [{ ...valid, solana: { rpcUrl: "http://x", mint: [] } }, /solana.mint must be an object/],
    [
      { ...valid, solana: { rpcUrl: "http://x", mint: { address: "O0Il", symbol: "mUSDC", decimals: 6 } } },
      /solana.mint.address must be a base58/,
    ],
    [
      {
        ...valid,
        solana: {
          rpcUrl: "http://x",
          mint: { address: "byuipq8PM7JrhSM1gyhsbAZpTryPEA8SZLeBZTGonJn", symbol: "mUSDC", decimals: 6.5 },
        },
      },
      /solana.mint.decimals must be a whole number/,
    ],
  ])("rejects the solana block %j", (input, message) => {
    expect(() => parseAppConfig(input)).toThrow(message);
  });

  it.each([
    [{ ...valid, chainId: 1 }, /chain 1 is not supported/],
    [{ ...valid, rpcUrl: "ftp://x" }, /rpcUrl must be an http\(s\) address/],
    [{ ...valid, apiUrl: undefined }, /apiUrl must be an http\(s\) address/],
    [{ ...valid, deployment: { ...valid.deployment, investmentFund: "0x12" } }, /investmentFund is not an address/],
    [
      { ...valid, deployment: { ...valid.deployment, chainId: 11155111 } },
      /deployment is for chain 11155111, not 31337/,
    ],
    ["nope", /not a JSON object/],
  ])("rejects %j", (input, message) => {
    expect(() => parseAppConfig(input)).toThrow(message);
  });

  it("loads it with one fetch, and fails with a clear error", async () => {
    expect((await loadAppConfig(respond(200, valid))).chainId).toBe(31337);
    await expect(loadAppConfig(respond(404, { message: "Not found" }))).rejects.toThrow(
      "Could not load /config.json (HTTP 404): Not found",
    );
    await expect(loadAppConfig(respond(200, "<html>"))).rejects.toThrow("/config.json is not valid JSON.");
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(loadAppConfig(offline)).rejects.toBeInstanceOf(ConfigError);
  });
});
