// @ts-check
/** The frame server: strict CSP on every answer, /config.json as configured, and no SPA fallback. */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { frameCsp, serveFrame } from "./lib/serve-frame.mjs";

/** @type {import("./lib/serve-frame.mjs").FrameConfig} */
const config = {
  apiUrl: "http://127.0.0.1:8787",
  parentOrigins: ["http://127.0.0.1:5173", "https://app.example.test"],
  chains: [
    { id: 31337, name: "Anvil", rpcUrl: "http://127.0.0.1:8545" },
    { id: 11155111, name: "Sepolia", rpcUrl: "https://rpc.example.test/v2/key" },
  ],
  knownContracts: [{ address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", name: "Fund", abi: "investmentFund" }],
};

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; connect-src 'self' http://127.0.0.1:8787 http://127.0.0.1:8545 https://rpc.example.test; " +
  "frame-ancestors http://127.0.0.1:5173 https://app.example.test; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

describe("serveFrame", () => {
  /** @type {string} */
  let dist;
  /** @type {{ url: string, close: () => Promise<void> }} */
  let server;

  before(async () => {
    dist = mkdtempSync(join(tmpdir(), "frame-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>frame</title>");
    writeFileSync(join(dist, "social-callback.html"), "<!doctype html><title>callback</title>");
    writeFileSync(join(dist, "assets", "frame-abc.js"), "console.log(1)");
    server = await serveFrame({ port: 0, config, distDir: dist });
  });
  after(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("builds the contract's CSP from the config", () => {
    assert.equal(frameCsp(config), EXPECTED_CSP);
    assert.match(frameCsp({ ...config, parentOrigins: [] }), /frame-ancestors 'none'/);
    assert.throws(() => frameCsp({ ...config, apiUrl: "javascript:alert(1)" }), /apiUrl must be http\(s\)/);
  });

  for (const path of ["/", "/social-callback.html", "/assets/frame-abc.js", "/config.json", "/missing"]) {
    it(`sends the CSP with ${path}`, async () => {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.headers.get("content-security-policy"), EXPECTED_CSP);
      assert.equal(response.headers.get("x-content-type-options"), "nosniff");
      assert.equal(response.headers.get("referrer-policy"), "no-referrer");
      assert.equal(response.status, path === "/missing" ? 404 : 200);
    });
  }

  it("serves /config.json uncached, exactly as configured", async () => {
    const response = await fetch(`${server.url}/config.json?x=1`);
    assert.equal(response.headers.get("content-type"), "application/json");
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.deepEqual(await response.json(), config);
  });

  it("refuses to start without a build", async () => {
    await assert.rejects(
      serveFrame({ port: 0, config, distDir: join(dist, "nope") }),
      /index\.html is missing: build the frame first/,
    );
  });
});
