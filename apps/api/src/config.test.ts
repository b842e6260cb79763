import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, REPO_ROOT } from "./config.js";

describe("loadConfig", () => {
  it("has working defaults for a local run", () => {
    const config = loadConfig({ CHAIN_ID: "999" });
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 8787,
      databaseUrl: undefined,
      pgliteDir: join(REPO_ROOT, ".data", "api-pglite"),
      demoData: false,
      webOrigins: ["http://127.0.0.1:5173", "http://localhost:5173"],
      siweDomains: ["127.0.0.1:5173", "localhost:5173"],
      syncIntervalMs: 300_000,
      deployment: undefined,
    });
    expect(config.bybit.credentials).toBeUndefined();
    expect(config.rpcUrls.get(31337)).toBe("http://127.0.0.1:8545");
    expect(Date.now() - config.bybit.syncStartMs).toBeGreaterThan(364 * 86_400_000);
  });

  it("reads keys, flags, lists, RPC addresses and the deployment", () => {
    const config = loadConfig({
      BYBIT_API_KEY: "k",
      BYBIT_API_SECRET: "s",
      BYBIT_SYNC_START: "2026-01-01",
      DEMO_DATA: "1",
      DATA_DIR: "/tmp/x",
      WEB_ORIGIN: "https://app.example, https://www.app.example",
      RPC_URLS: "11155111=https://rpc.example/sepolia",
      CHAIN_ID: "11155111",
      FUND_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    });
    expect(config.bybit.credentials).toEqual({ apiKey: "k", secret: "s" });
    expect(config.bybit.syncStartMs).toBe(Date.UTC(2026, 0, 1));
    expect(config.demoData).toBe(true);
    expect(config.pgliteDir).toBe("/tmp/x/api-pglite");
    expect(config.webOrigins).toEqual(["https://app.example", "https://www.app.example"]);
    expect(config.rpcUrls.get(11155111)).toBe("https://rpc.example/sepolia");
    expect(config.deployment).toEqual({
      chainId: 11155111,
      investmentFund: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      deploymentBlock: 8_250_257n,
    });
  });

  it("gives RPC_URL to the fund's chain, Sepolia when only FUND_ADDRESS is set", () => {
    const config = loadConfig({
      FUND_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      RPC_URL: "https://rpc.test",
    });
    expect(config.deployment?.chainId).toBe(11_155_111);
    expect(config.rpcUrls.get(11_155_111)).toBe("https://rpc.test");
    expect(config.rpcUrls.get(31337)).toBe("http://127.0.0.1:8545");
  });

  it("reads the metrics token and which proxies to trust", () => {
    expect(loadConfig({ CHAIN_ID: "999" })).toMatchObject({ metricsToken: undefined, trustProxy: false });
    expect(loadConfig({ CHAIN_ID: "999", METRICS_TOKEN: " m ", TRUST_PROXY: "1" })).toMatchObject({
      metricsToken: "m",
      trustProxy: 1,
    });
    expect(loadConfig({ CHAIN_ID: "999", TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
    ]);
    expect(() => loadConfig({ CHAIN_ID: "999", TRUST_PROXY: "everyone" })).toThrow(
      /TRUST_PROXY: must be a number of proxy hops/,
    );
  });

  it("names every bad variable", () => {
    expect(() => loadConfig({ API_PORT: "http", DEMO_DATA: "maybe", BYBIT_SYNC_START: "soon" })).toThrow(ConfigError);
    const message = (() => {
      try {
        loadConfig({ API_PORT: "http", DEMO_DATA: "maybe", BYBIT_SYNC_START: "soon" });
        return "";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Invalid environment: /);
    expect(message).toMatch(/API_PORT: /);
    expect(message).toMatch(/DEMO_DATA: /);
    expect(message).toMatch(/BYBIT_SYNC_START: must be a date/);
  });

  it("reads the name zone, ENS RPC and analytics switches, with analytics off and origins = WEB_ORIGIN by default", () => {
    expect(loadConfig({ CHAIN_ID: "999" })).toMatchObject({
      names: { zone: "fundament", ensRpcUrl: undefined },
      analytics: { enabled: false, origins: ["http://127.0.0.1:5173", "http://localhost:5173"] },
    });
    const config = loadConfig({
      CHAIN_ID: "999",
      NAME_ZONE: " My-Fund.eth ",
      ENS_RPC_URL: "https://mainnet.example/rpc",
      ANALYTICS_ENABLED: "true",
      ANALYTICS_ORIGINS: "https://app.example, https://www.app.example",
    });
    expect(config.names).toEqual({ zone: "my-fund.eth", ensRpcUrl: "https://mainnet.example/rpc" });
    expect(config.analytics).toEqual({ enabled: true, origins: ["https://app.example", "https://www.app.example"] });
    expect(() => loadConfig({ CHAIN_ID: "999", NAME_ZONE: "bad zone!" })).toThrow(/NAME_ZONE: must be a DNS name/);
    expect(() => loadConfig({ CHAIN_ID: "999", ENS_RPC_URL: "not a url" })).toThrow(/ENS_RPC_URL: /);
    expect(() => loadConfig({ CHAIN_ID: "999", ANALYTICS_ENABLED: "maybe" })).toThrow(/ANALYTICS_ENABLED: /);
  });

  it("has embedded-wallet defaults for a local run: off without EMBEDDED_SECRET, the local catcher and frame", () => {
    expect(loadConfig({ CHAIN_ID: "999" }).embedded).toEqual({
      secret: undefined,
      smtpUrl: "smtp://127.0.0.1:2525",
      emailFrom: "Fundament <no-reply@fundament.local>",
      frameOrigin: "http://127.0.0.1:5174",
      publicApiUrl: "http://127.0.0.1:8787",
      social: [],
      farcaster: undefined,
    });
  });

  it("reads the embedded wallet's variables", () => {
    const embedded = loadConfig({
      CHAIN_ID: "999",
      EMBEDDED_SECRET: "ab".repeat(32),
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      EMAIL_FROM: "Fund <login@example.com>",
      EMBEDDED_FRAME_ORIGIN: "https://wallet.example.com/",
      PUBLIC_API_URL: "https://api.example.com/",
      OIDC_PROVIDERS: JSON.stringify([
        { provider: "google", issuer: "https://accounts.google.com", clientId: "g-id", clientSecret: "g-secret" },
        {
          provider: "github",
          name: "GitHub login",
          clientId: "gh-id",
          clientSecret: "gh-secret",
          authorizationEndpoint: "https://github.com/login/oauth/authorize",
          tokenEndpoint: "https://github.com/login/oauth/access_token",
          userinfoEndpoint: "https://api.github.com/user",
        },
      ]),
      FARCASTER_RELAY_URL: "https://relay.farcaster.xyz/",
      FARCASTER_RPC_URL: "https://mainnet.optimism.io",
    }).embedded;
    expect(embedded.secret).toEqual(Buffer.from("ab".repeat(32), "hex"));
    expect(embedded).toMatchObject({
      smtpUrl: "smtps://user:pass@smtp.example.com:465",
      emailFrom: "Fund <login@example.com>",
      frameOrigin: "https://wallet.example.com",
      publicApiUrl: "https://api.example.com",
      farcaster: {
        relayUrl: "https://relay.farcaster.xyz",
        rpcUrl: "https://mainnet.optimism.io",
        domain: "wallet.example.com",
        siweUri: "https://wallet.example.com/",
      },
    });
    expect(embedded.social).toEqual([
      {
        provider: "google",
        name: "Google",
        issuer: "https://accounts.google.com",
        clientId: "g-id",
        clientSecret: "g-secret",
        authorizationEndpoint: undefined,
        tokenEndpoint: undefined,
        userinfoEndpoint: undefined,
      },
      {
        provider: "github",
        name: "GitHub login",
        issuer: undefined,
        clientId: "gh-id",
        clientSecret: "gh-secret",
        authorizationEndpoint: "https://github.com/login/oauth/authorize",
        tokenEndpoint: "https://github.com/login/oauth/access_token",
        userinfoEndpoint: "https://api.github.com/user",
      },
    ]);
    const farcaster = loadConfig({
      CHAIN_ID: "999",
      FARCASTER_RELAY_URL: "http://127.0.0.1:8790",
      FARCASTER_RPC_URL: "http://127.0.0.1:8545",
      FARCASTER_DOMAIN: "127.0.0.1:5173",
      FARCASTER_SIWE_URI: "http://127.0.0.1:5173/login",
    }).embedded.farcaster;
    expect(farcaster).toEqual({
      relayUrl: "http://127.0.0.1:8790",
      rpcUrl: "http://127.0.0.1:8545",
      domain: "127.0.0.1:5173",
      siweUri: "http://127.0.0.1:5173/login",
    });
  });

  it("refuses bad embedded-wallet variables, naming each", () => {
    const bad = (env: Record<string, string>, message: RegExp) =>
      expect(() => loadConfig({ CHAIN_ID: "999", ...env })).toThrow(message);
    bad({ EMBEDDED_SECRET: "abc" }, /EMBEDDED_SECRET: must be 64 hex characters/);
    bad({ SMTP_URL: "http://mail.example.com" }, /SMTP_URL: must be an SMTP URL/);
    bad({ EMAIL_FROM: "a\nBcc: x@y.z" }, /EMAIL_FROM: must be one line/);
    bad({ EMBEDDED_FRAME_ORIGIN: "http://wallet.example.com/path" }, /EMBEDDED_FRAME_ORIGIN: must be an origin/);
    bad({ PUBLIC_API_URL: "ftp://x" }, /PUBLIC_API_URL: must be an http\(s\) URL/);
    bad({ OIDC_PROVIDERS: "{" }, /OIDC_PROVIDERS: must be a JSON array of providers/);
    bad(
      { OIDC_PROVIDERS: '[{"provider":"myspace","issuer":"https://x.test","clientId":"a","clientSecret":"b"}]' },
      /OIDC_PROVIDERS: entry 0.provider: provider must be one of google, github/,
    );
    bad(
      { OIDC_PROVIDERS: '[{"provider":"google","clientId":"a","clientSecret":"b"}]' },
      /OIDC_PROVIDERS: entry 0: each provider needs an issuer/,
    );
    bad(
      { OIDC_PROVIDERS: '[{"provider":"google","issuer":"https://x.test","clientSecret":"b"}]' },
      /OIDC_PROVIDERS: entry 0.clientId: clientId is required/,
    );
    const twice = JSON.stringify([
      { provider: "x", issuer: "https://x.test", clientId: "a", clientSecret: "b" },
      { provider: "x", issuer: "https://x.test", clientId: "a", clientSecret: "b" },
    ]);
    bad({ OIDC_PROVIDERS: twice }, /OIDC_PROVIDERS: x is configured twice/);
    bad({ FARCASTER_RELAY_URL: "http://127.0.0.1:8790" }, /FARCASTER_RPC_URL is needed with FARCASTER_RELAY_URL/);
    bad({ FARCASTER_DOMAIN: "https://x" }, /FARCASTER_DOMAIN: must be a host/);
  });
});
