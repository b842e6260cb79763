/**
 * The planned lockup date of a vault's open round, against a real database and a real anvil with the fund deployed
 * by `scripts/deploy.mjs` (vaults 1 and 2, each in its open round 1; account 0 is the admin).
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
import { drivers } from "../testing/testDatabase.js";

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let t: TestApp;

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-plans-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
}, 180_000);

afterAll(async () => {
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

const sessionOf = async (account: number) => ({
  fundament_session: await createSession(t.database.db, {
    address: devLocalAccount(account).address,
    chainId: deployment.chainId,
  }),
});
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const put = async (url: string, plannedAt: string | null, account = 0) =>
  t.app.inject({ method: "PUT", url, payload: { plannedAt }, cookies: await sessionOf(account) });

/** JSON-RPC to the file's anvil (snapshots: each driver's run starts from the same chain). */
async function anvil<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

describe.each(drivers)("vault plans (%s)", (driver) => {
  let snapshot: string;
  beforeAll(async () => {
    snapshot = await anvil<string>("evm_snapshot");
    t = await testApp(
      {
        RPC_URL: rpcUrl,
        CHAIN_ID: String(deployment.chainId),
        FUND_ADDRESS: deployment.investmentFund,
        DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
        ADMIN_TOKEN: "admin-secret",
      },
      driver,
    );
  });
  afterAll(async () => {
    await t?.close();
    await anvil("evm_revert", [snapshot]);
  });

  describe("a round's planned lockup date", () => {
    it("is null until an admin sets it, then everyone reads it, and the admin can clear it", async () => {
      const url = "/v1/vaults/1/rounds/1/plan";
      expect((await t.app.inject({ url })).json()).toEqual({ plan: null });

      const plannedAt = inDays(7);
      const set = await put(url, plannedAt);
      expect(set.statusCode).toBe(200);
      expect(set.json().plan).toMatchObject({ vaultId: 1, round: 1, plannedAt, setBy: devLocalAccount(0).address });

      const read = await t.app.inject({ url });
      expect(read.json().plan).toMatchObject({ vaultId: 1, round: 1, plannedAt });
      // Another vault's round has its own plan.
      expect((await t.app.inject({ url: "/v1/vaults/2/rounds/1/plan" })).json()).toEqual({ plan: null });

      const moved = await t.app.inject({
        method: "PUT",
        url,
        payload: { plannedAt: inDays(10) },
        headers: { authorization: "Bearer admin-secret" },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().plan.setBy).toBe("admin token");
      expect(Date.parse(moved.json().plan.plannedAt)).toBeGreaterThan(Date.parse(plannedAt));

      const cleared = await put(url, null);
      expect(cleared.json()).toEqual({ plan: null });
      expect((await t.app.inject({ url })).json()).toEqual({ plan: null });
    });

    it("is refused to anyone but a fund admin, for a round that is not the open one, and for a past date, in words", async () => {
      const url = "/v1/vaults/1/rounds/1/plan";
      const anonymous = await t.app.inject({ method: "PUT", url, payload: { plannedAt: inDays(3) } });
      expect(anonymous.statusCode).toBe(401);
      const investor = await put(url, inDays(3), 5);
      expect(investor.statusCode).toBe(403);
      expect(investor.json().message).toBe("Only the fund's admins may set a planned lockup date");

      const future = await put("/v1/vaults/1/rounds/2/plan", inDays(3));
      expect(future.statusCode).toBe(409);
      expect(future.json().message).toBe("Round 2 is not vault 1's current round (round 1)");

      const noVault = await put("/v1/vaults/99/rounds/1/plan", inDays(3));
      expect(noVault.statusCode).toBe(404);
      expect(noVault.json().message).toBe("The fund has no vault 99");

      const past = await put(url, inDays(-3));
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toBe("The planned lockup date is in the past: choose today or a later day");

      const garbage = await put(url, "next week");
      expect(garbage.statusCode).toBe(400);
      expect((await t.app.inject({ url })).json()).toEqual({ plan: null });
    });
  });
});
