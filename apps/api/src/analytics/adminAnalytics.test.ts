/**
 * The on-chain half of the analytics page's access: a sign-in session is let in when its account holds the fund's
 * ADMIN_ROLE on a real anvil with the fund deployed by `scripts/deploy.mjs` (account 0 deploys and is the admin).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { type Deployment, parseDeployment } from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { ANALYTICS_NOT_ADMIN } from "./adminAccess.js";

const account = devLocalAccount;

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let t: TestApp;

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-analytics-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
  t = await testApp({
    RPC_URL: rpcUrl,
    CHAIN_ID: String(deployment.chainId),
    FUND_ADDRESS: deployment.investmentFund,
    DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
    ANALYTICS_ENABLED: "1",
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

const daily = async (address: string) => {
  const id = await createSession(t.database.db, { address, chainId: deployment.chainId });
  return t.app.inject({ url: "/admin/analytics/daily?days=7", cookies: { fundament_session: id } });
};

describe("analytics admin access on chain", () => {
  it("lets a session of a fund admin (ADMIN_ROLE on chain) see the daily counts", async () => {
    const response = await daily(account(0).address);
    expect(response.statusCode).toBe(200);
    expect(response.json().enabled).toBe(true);
    expect(response.json().days).toHaveLength(7);
  });

  it("refuses a session of an account without ADMIN_ROLE with 403", async () => {
    const response = await daily(account(5).address);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ANALYTICS_NOT_ADMIN);
  });
});
