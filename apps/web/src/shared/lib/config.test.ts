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
