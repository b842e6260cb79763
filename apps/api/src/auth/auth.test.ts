import { devLocalAccount } from "@fundament/test-chain";
import { createApiSiwxAdapter } from "@fundament/wallet";
import { createCookieFetch } from "@fundament/wallet/testing";
import { type CreateSiweMessageParameters, createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, testApp } from "../testing/testApp.js";
import { createNonce } from "./nonces.js";
import { CLOCK_SKEW_MS, MAX_MESSAGE_AGE_MS } from "./verifySignIn.js";

const account = devLocalAccount(0);
const DOMAIN = "localhost:5173";

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ SIWE_DOMAINS: `127.0.0.1:5173,${DOMAIN}` });
});
afterAll(() => t.close());

const nonce = async (): Promise<string> => (await t.app.inject("/auth/nonce")).json().nonce;

async function signIn(overrides: Partial<CreateSiweMessageParameters> = {}) {
  const message = createSiweMessage({
    address: account.address,
    chainId: 31337,
    domain: DOMAIN,
    nonce: overrides.nonce ?? (await nonce()),
    uri: `http://${DOMAIN}`,
    version: "1",
    issuedAt: new Date(),
    ...overrides,
  });
  const signature = await account.signMessage({ message });
  return t.app.inject({ method: "POST", url: "/auth/verify", payload: { message, signature } });
}

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === "fundament_session");

describe("SIWE sign-in", () => {
  it("gives nonces that are fresh each time", async () => {
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toMatch(/^[a-zA-Z0-9]{8,}$/);
    expect(a).not.toBe(b);
  });

  it("verifies a signed message, sets an httpOnly SameSite=Lax cookie and keeps the session until logout", async () => {
    const response = await signIn();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ address: account.address, chainId: 31337 });
    const cookie = cookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 86_400 });
    expect(response.headers["set-cookie"]).not.toMatch(/Secure/);

    const headers = { cookie: `fundament_session=${cookie?.value}` };
    const session = await t.app.inject({ url: "/auth/session", headers });
    expect(session.json()).toEqual({ address: account.address, chainId: 31337 });

    const logout = await t.app.inject({ method: "POST", url: "/auth/logout", headers });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout)?.value).toBe("");
    expect((await t.app.inject({ url: "/auth/session", headers })).statusCode).toBe(401);
  });

  it("answers 401 for /auth/session without a cookie or with a made-up one", async () => {
    expect((await t.app.inject("/auth/session")).json()).toMatchObject({ statusCode: 401, error: "Not signed in" });
    const forged = await t.app.inject({ url: "/auth/session", headers: { cookie: "fundament_session=made-up" } });
    expect(forged.statusCode).toBe(401);
  });

  it("accepts a nonce once only", async () => {
    const single = await nonce();
    expect((await signIn({ nonce: single })).statusCode).toBe(200);
    const again = await signIn({ nonce: single });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe("The sign-in nonce is unknown, expired or already used");
  });

  it("rejects an expired nonce", async () => {
    const old = await createNonce(t.database.db, new Date(Date.now() - 6 * 60_000));
    const response = await signIn({ nonce: old });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("The sign-in nonce is unknown, expired or already used");
  });

  it("rejects another domain, an unconfigured chain, an expired or not-yet-valid message", async () => {
    const cases: [Partial<CreateSiweMessageParameters>, string][] = [
      [{ domain: "evil.test" }, "The message is for another site (evil.test)"],
      [{ chainId: 1 }, "Sign-in on chain 1 is not supported"],
      [{ expirationTime: new Date(Date.now() - 1000) }, "The sign-in message has expired"],
      [{ notBefore: new Date(Date.now() + 60_000) }, "The sign-in message is not valid yet"],
    ];
    for (const [overrides, error] of cases) {
      const response = await signIn(overrides);
      expect(response.statusCode, error).toBe(401);
      expect(response.json().error).toBe(error);
    }
  });

  it("rejects a signature of another message and malformed bodies", async () => {
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: DOMAIN,
      nonce: await nonce(),
      uri: `http://${DOMAIN}`,
      version: "1",
    });
    const signature = await account.signMessage({ message: `${message}\nsomething else` });
    const wrong = await t.app.inject({ method: "POST", url: "/auth/verify", payload: { message, signature } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe("The signature does not match the message");

    const missing = await t.app.inject({ method: "POST", url: "/auth/verify", payload: { message } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^Invalid body: signature/);
    const garbage = await t.app.inject({
      method: "POST",
      url: "/auth/verify",
      payload: { message: "hello", signature: "0x00" },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBe("The message is not a valid Sign-In with Ethereum message");
  });
});

describe("sign-in details", () => {
  const post = (message: string, signature: string) =>
    t.app.inject({ method: "POST", url: "/auth/verify", payload: { message, signature } });

  it(`refuses an issuedAt in the future beyond ${CLOCK_SKEW_MS / 1000} s of clock skew, accepts one within it`, async () => {
    const future = await signIn({ issuedAt: new Date(Date.now() + CLOCK_SKEW_MS + 60_000) });
    expect(future.statusCode).toBe(401);
    expect(future.json().error).toBe("The sign-in message is issued in the future");
    expect((await signIn({ issuedAt: new Date(Date.now() + CLOCK_SKEW_MS / 2) })).statusCode).toBe(200);
  });

  it("refuses a message issued longer ago than a nonce lives (a year-old message with a fresh nonce)", async () => {
    const old = await signIn({ issuedAt: new Date(Date.now() - 365 * 24 * 3600_000) });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe("The sign-in message was issued too long ago: sign in again");
    const late = await signIn({ issuedAt: new Date(Date.now() - MAX_MESSAGE_AGE_MS - 60_000) });
    expect(late.statusCode).toBe(401);
    expect((await signIn({ issuedAt: new Date(Date.now() - MAX_MESSAGE_AGE_MS + 60_000) })).statusCode).toBe(200);
  });

  it("refuses an address that is not EIP-55 checksummed", async () => {
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: DOMAIN,
      nonce: await nonce(),
      uri: `http://${DOMAIN}`,
      version: "1",
      issuedAt: new Date(),
    }).replace(account.address, account.address.toLowerCase());
    expect(message).toContain(account.address.toLowerCase());
    const response = await post(message, await account.signMessage({ message }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("The message's address must be EIP-55 checksummed");
  });

  it("refuses a URI on another host than the message's domain", async () => {
    for (const uri of ["http://evil.test", "https://localhost:5174/", "ftp://localhost:5173"]) {
      const response = await signIn({ uri });
      expect(response.statusCode, uri).toBe(401);
      expect(response.json().error).toBe("The message's URI is not on the site it names (localhost:5173)");
    }
    expect((await signIn({ uri: `http://${DOMAIN}/vaults?x=1` })).statusCode).toBe(200);
  });

  it("does not burn the nonce on a failed attempt; the genuine sign-in then works once", async () => {
    const single = await nonce();
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: DOMAIN,
      nonce: single,
      uri: `http://${DOMAIN}`,
      version: "1",
      issuedAt: new Date(),
    });
    const intruder = devLocalAccount(1);
    const forged = await post(message, await intruder.signMessage({ message }));
    expect(forged.json().error).toBe("The signature does not match the message");
    const otherSite = await signIn({ nonce: single, domain: "evil.test" });
    expect(otherSite.statusCode).toBe(401);
    const signature = await account.signMessage({ message });
    // Two genuine attempts at once: the nonce is consumed atomically, so exactly one wins.
    const [a, b] = await Promise.all([post(message, signature), post(message, signature)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const replay = await post(message, signature);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe("The sign-in nonce is unknown, expired or already used");
  });
});

describe("the wallet layer's SIWX adapter against the real server", () => {
  let url: string;
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("signs in, reads the session and signs out with cookies", async () => {
    const adapter = createApiSiwxAdapter({ baseUrl: url, fetch: createCookieFetch() });
    expect(await adapter.getSession()).toBeNull();
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: DOMAIN,
      nonce: await adapter.getNonce(),
      uri: `http://${DOMAIN}`,
      version: "1",
    });
    const session = await adapter.verify({ message, signature: await account.signMessage({ message }) });
    expect(session).toEqual({ address: account.address, chainId: 31337 });
    expect(await adapter.getSession()).toEqual(session);
    await adapter.signOut();
    expect(await adapter.getSession()).toBeNull();
    await expect(adapter.verify({ message, signature: await account.signMessage({ message }) })).rejects.toThrow(
      "The sign-in nonce is unknown, expired or already used",
    );
  });
});
