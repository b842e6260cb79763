/**
 * Access requests against a real database and a real anvil with the fund deployed by `scripts/deploy.mjs` (account 0
 * deploys and is the admin): an investor's signed request is stored once, read back, listed to the admin with its
 * note, approved only once the address is whitelisted on chain, or dismissed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deploy } from "@fundament/scripts/deploy";
import { accessRequestMessage, type Deployment, investmentFundAbi, localChain, parseDeployment } from "@fundament/sdk";
import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { createPublicClient, createWalletClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { drivers } from "../testing/testDatabase.js";

const { rpcUrl } = testChainForFile();
let deploymentsDir: string;
let deployment: Deployment;
let t: TestApp;

beforeAll(async () => {
  deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-api-access-"));
  deployment = parseDeployment(await deploy({ rpcUrl, deploymentsDir, log: () => {} }));
}, 180_000);

afterAll(async () => {
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

/** The body of `account`'s request, signed by it (or by `signer`) over the message the SDK builds. */
async function signedRequest(
  account: number,
  note = "",
  { signer = account, issuedAt = new Date().toISOString() } = {},
) {
  const address = devLocalAccount(account).address;
  const signature = await devLocalAccount(signer).signMessage({
    message: accessRequestMessage({ address, note, issuedAt }),
  });
  return { address, note, issuedAt, signature };
}

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/v1/access-requests", payload });
const sessionOf = async (account: number) => ({
  fundament_session: await createSession(t.database.db, {
    address: devLocalAccount(account).address,
    chainId: deployment.chainId,
  }),
});

async function whitelist(account: number) {
  const wallet = createWalletClient({
    account: devLocalAccount(0),
    chain: localChain(rpcUrl),
    transport: http(rpcUrl),
  });
  const hash = await wallet.writeContract({
    address: deployment.investmentFund,
    abi: investmentFundAbi,
    functionName: "whitelistInvestor",
    args: [devLocalAccount(account).address],
  });
  await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash });
}

/** JSON-RPC to the file's anvil (snapshots: each driver's run starts from the same chain). */
async function anvil<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

describe.each(drivers)("access requests (%s)", (driver) => {
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

  describe("an investor's access request", () => {
    it("is stored from the address's signature, once, and read back without its note", async () => {
      const before = await t.app.inject({ url: `/v1/access-requests/${devLocalAccount(6).address}` });
      expect(before.json()).toEqual({ request: null });

      const created = await post(await signedRequest(6, "Alice from the Discord, investing 5,000 mUSDC"));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        address: devLocalAccount(6).address,
        note: "Alice from the Discord, investing 5,000 mUSDC",
        status: "pending",
        decidedAt: null,
      });

      const again = await post(await signedRequest(6, "a second try"));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(
        new RegExp(
          `^Access was already requested for ${devLocalAccount(6).address} on \\w{3} \\d{1,2}, \\d{4}: the fund's admin has not answered yet$`,
        ),
      );

      const read = await t.app.inject({ url: `/v1/access-requests/${devLocalAccount(6).address.toLowerCase()}` });
      expect(read.statusCode).toBe(200);
      expect(read.json().request).toEqual({
        address: devLocalAccount(6).address,
        status: "pending",
        createdAt: created.json().createdAt,
        decidedAt: null,
      });
    });

    it("is refused when another key signed it, when it is stale, or when the note is too long, in words", async () => {
      const forged = await post(await signedRequest(7, "", { signer: 8 }));
      expect(forged.statusCode).toBe(401);
      expect(forged.json().message).toBe(
        `The signature is not ${devLocalAccount(7).address}'s signature of this request`,
      );

      // The signature covers the note: another note with the same signature is not the address's request.
      const body = await signedRequest(7, "original");
      const tampered = await post({ ...body, note: "changed" });
      expect(tampered.statusCode).toBe(401);

      const stale = await post(
        await signedRequest(7, "", { issuedAt: new Date(Date.now() - 11 * 60_000).toISOString() }),
      );
      expect(stale.statusCode).toBe(401);
      expect(stale.json().message).toBe("The signed request is too old or dated in the future: sign it again");

      const long = await post(await signedRequest(7, "x".repeat(281)));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe("Invalid body: note: note must be at most 280 characters");

      const nothing = await t.app.inject({ url: `/v1/access-requests/${devLocalAccount(7).address}` });
      expect(nothing.json()).toEqual({ request: null });
    });
  });

  describe("the admin's side of access requests", () => {
    it("lists pending requests with their notes only to a fund admin", async () => {
      await post(await signedRequest(9, ""));
      const anonymous = await t.app.inject({ url: "/v1/access-requests?status=pending" });
      expect(anonymous.statusCode).toBe(401);
      const investor = await t.app.inject({ url: "/v1/access-requests", cookies: await sessionOf(5) });
      expect(investor.statusCode).toBe(403);
      expect(investor.json().message).toBe("Only the fund's admins may manage access requests");

      const listed = await t.app.inject({ url: "/v1/access-requests", cookies: await sessionOf(0) });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().requests.map((r: { address: string; note: string }) => [r.address, r.note])).toEqual([
        [devLocalAccount(6).address, "Alice from the Discord, investing 5,000 mUSDC"],
        [devLocalAccount(9).address, ""],
      ]);
      const byToken = await t.app.inject({
        url: "/v1/access-requests",
        headers: { authorization: "Bearer admin-secret" },
      });
      expect(byToken.json().requests).toHaveLength(2);
    });

    it("approves a request only once the address is whitelisted on chain, and a new request can follow a dismissal", async () => {
      const admin = await sessionOf(0);
      const address = devLocalAccount(6).address;
      const early = await t.app.inject({
        method: "POST",
        url: `/v1/access-requests/${address}/approve`,
        cookies: admin,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        `${address} is not on the whitelist yet: add it first, then approve the request`,
      );

      const notAdmin = await t.app.inject({
        method: "POST",
        url: `/v1/access-requests/${address}/dismiss`,
        cookies: await sessionOf(5),
      });
      expect(notAdmin.statusCode).toBe(403);

      await whitelist(6);
      const approved = await t.app.inject({
        method: "POST",
        url: `/v1/access-requests/${address}/approve`,
        cookies: admin,
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ address, status: "approved" });
      expect(approved.json().decidedAt).toEqual(expect.any(String));
      const twice = await t.app.inject({
        method: "POST",
        url: `/v1/access-requests/${address}/approve`,
        cookies: admin,
      });
      expect(twice.statusCode).toBe(404);
      expect(twice.json().message).toBe(`No pending access request for ${address}`);

      const other = devLocalAccount(9).address;
      const dismissed = await t.app.inject({
        method: "POST",
        url: `/v1/access-requests/${other}/dismiss`,
        cookies: admin,
      });
      expect(dismissed.json()).toMatchObject({ address: other, status: "dismissed" });
      const read = await t.app.inject({ url: `/v1/access-requests/${other}` });
      expect(read.json().request.status).toBe("dismissed");
      const listed = await t.app.inject({ url: "/v1/access-requests", cookies: admin });
      expect(listed.json().requests).toEqual([]);

      // Dismissed is not pending: the investor may ask again.
      expect((await post(await signedRequest(9, "please look again"))).statusCode).toBe(201);
    });
  });
});
