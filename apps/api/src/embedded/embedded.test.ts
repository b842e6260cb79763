import { randomBytes } from "node:crypto";
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from "@fundament/local-auth/smtp";
import { and, eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedCodes, embeddedSessions, embeddedWallets } from "../db/schema.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { drivers } from "../testing/testDatabase.js";
import { decrypt } from "./crypto.js";
import { DEVICE_APPROVAL_QUESTION, DEVICE_APPROVED, DEVICE_LINK_INVALID } from "./pages.js";
import { walletRegistrationMessage } from "./wallets.js";

const SECRET = "11".repeat(32);
const PUBLIC_API_URL = "http://api.test:8787";

let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(() => catcher?.close());

const newDevice = () => randomBytes(32).toString("base64url");
let mailbox = 0;
/** A fresh address per test, so cooldowns and users never cross tests. */
const newEmail = (name: string) => `${name}.${Date.now()}.${mailbox++}@example.test`;

/** The newest mail to `to` whose subject matches, read back from the catcher's JSON API (as a person's inbox). */
async function mailTo(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
  await catcher.waitFor((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
  const response = await fetch(new URL(`api/messages?to=${encodeURIComponent(to)}`, catcher.inboxUrl));
  const mails = ((await response.json()) as CaughtMail[]).filter((mail) => subject.test(mail.subject));
  const mail = mails[0];
  if (!mail || Date.parse(mail.date) < after) throw new Error(`no mail to ${to} matching ${subject}`);
  return mail;
}

const codeOf = (mail: CaughtMail) => {
  const code = /^Your Fundament code: (\d{6})$/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
};

describe.each(drivers)("embedded wallet email login (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(
      { EMBEDDED_SECRET: SECRET, SMTP_URL: catcher.smtpUrl, PUBLIC_API_URL, RATE_LIMIT_MAX: "100000" },
      driver,
    );
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** Ages the pending code of (purpose, subject) past the resend cooldown, as 31 seconds passing would. */
  const ageCode = (purpose: "login" | "device" | "update-primary" | "update-secondary", subject: string) =>
    t.database.db
      .update(embeddedCodes)
      .set({ createdAt: sql`${embeddedCodes.createdAt} - interval '31 seconds'` })
      .where(and(eq(embeddedCodes.purpose, purpose), eq(embeddedCodes.subject, subject)));

  /** connect → the code from the caught mail → verify: the session token and user. */
  async function login(email: string, deviceId: string) {
    const started = Date.now() - 1000;
    const connect = await post("/v1/embedded/email/connect", { email, deviceId });
    expect(connect.json()).toEqual({ action: "VERIFY_OTP" });
    const otp = codeOf(await mailTo(email, /^Your Fundament code/, started));
    const verify = await post("/v1/embedded/email/verify", { email, deviceId, otp });
    expect(verify.statusCode, verify.body).toBe(200);
    return verify.json() as { sessionToken: string; user: { id: string; address: string | null } };
  }

  /** Registers a wallet for the session with a fresh key, signed as the frame signs it. */
  async function registerWallet(token: string, userId: string) {
    const account = privateKeyToAccount(generatePrivateKey());
    const signature = await account.signMessage({ message: walletRegistrationMessage(userId, account.address) });
    const authShare = randomBytes(33).toString("base64");
    const response = await post("/v1/embedded/wallet", { address: account.address, authShare, signature }, token);
    expect(response.statusCode, response.body).toBe(200);
    return { account, authShare };
  }

  it("connect → code by email → verify → register wallet → read the share → sign out → 401", async () => {
    const email = newEmail("alice");
    const deviceId = newDevice();
    // Spaces and capitals are the same email.
    const connect = await post("/v1/embedded/email/connect", {
      email: ` ${email.replace("alice", "Alice")} `,
      deviceId,
    });
    expect(connect.statusCode, connect.body).toBe(200);
    expect(connect.json()).toEqual({ action: "VERIFY_OTP" });
    expect(connect.headers["cache-control"]).toBe("no-store");

    const mail = await mailTo(email, /^Your Fundament code/);
    expect(mail.from).toBe("Fundament <no-reply@fundament.local>");
    const otp = codeOf(mail);
    expect(mail.text).toContain(`Your Fundament code is ${otp}.`);
    expect(mail.html).toContain(otp);

    const verify = await post("/v1/embedded/email/verify", { email, deviceId, otp });
    expect(verify.statusCode, verify.body).toBe(200);
    const { sessionToken, user } = verify.json();
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toEqual({ id: expect.any(String), email, address: null, loginMethod: "email", userName: null });
    // Only the token's HMAC is stored.
    const stored = await t.database.db.select().from(embeddedSessions).where(eq(embeddedSessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(sessionToken);

    expect((await get("/v1/embedded/me", sessionToken)).json()).toEqual(user);
    const noWallet = await get("/v1/embedded/wallet/share", sessionToken);
    expect([noWallet.statusCode, noWallet.json().message]).toEqual([404, "No wallet yet"]);

    const { account, authShare } = await registerWallet(sessionToken, user.id);
    const me = (await get("/v1/embedded/me", sessionToken)).json();
    expect(me.address).toBe(account.address);
    const share = await get("/v1/embedded/wallet/share", sessionToken);
    expect(share.json()).toEqual({ address: account.address, authShare });
    // The auth share is stored AES-256-GCM-encrypted.
    const [wallet] = await t.database.db.select().from(embeddedWallets).where(eq(embeddedWallets.userId, user.id));
    expect(wallet?.authShareEnc).not.toContain(authShare);
    expect(decrypt(Buffer.from(SECRET, "hex"), wallet?.authShareEnc ?? "")).toBe(authShare);

    // A second wallet for the same user is refused.
    const other = privateKeyToAccount(generatePrivateKey());
    const second = await post(
      "/v1/embedded/wallet",
      {
        address: other.address,
        authShare,
        signature: await other.signMessage({ message: walletRegistrationMessage(user.id, other.address) }),
      },
      sessionToken,
    );
    expect([second.statusCode, second.json().message]).toEqual([409, "This account already has a wallet"]);

    expect((await post("/v1/embedded/signout", {}, sessionToken)).statusCode).toBe(204);
    for (const url of ["/v1/embedded/me", "/v1/embedded/wallet/share"]) {
      const after = await get(url, sessionToken);
      expect([after.statusCode, after.json().message]).toEqual([401, "Not signed in"]);
    }
    expect((await post("/v1/embedded/signout", {}, sessionToken)).statusCode).toBe(204);
  });

  it("refuses a wallet whose signature is not the new key's", async () => {
    const { sessionToken, user } = await login(newEmail("sig"), newDevice());
    const account = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const body = {
      address: account.address,
      authShare: randomBytes(33).toString("base64"),
      signature: await stranger.signMessage({ message: walletRegistrationMessage(user.id, account.address) }),
    };
    const response = await post("/v1/embedded/wallet", body, sessionToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The signature is not the new wallet's signature of the registration message");
    // Signed for another user: refused too (a signature cannot be replayed to another account).
    const replayed = await post(
      "/v1/embedded/wallet",
      {
        ...body,
        signature: await account.signMessage({ message: walletRegistrationMessage("someone", account.address) }),
      },
      sessionToken,
    );
    expect(replayed.statusCode).toBe(400);
    expect((await get("/v1/embedded/wallet/share", sessionToken)).statusCode).toBe(404);
  });

  it("a known email on a new device: approval link by email, then a code, then the same wallet", async () => {
    const email = newEmail("bob");
    const first = await login(email, newDevice());
    const { account, authShare } = await registerWallet(first.sessionToken, first.user.id);

    const laptop = newDevice();
    const started = Date.now() - 1000;
    const connect = await post("/v1/embedded/email/connect", { email, deviceId: laptop });
    expect(connect.json()).toEqual({ action: "VERIFY_DEVICE" });
    const mail = await mailTo(email, /^Approve this device/, started);
    expect(mail.subject).toBe("Approve this device for your Fundament wallet");
    expect(mail.html).toContain(">Approve this device</a>");
    const link = /Approve this device: (\S+)/.exec(mail.text)?.[1] ?? "";
    expect(link).toMatch(/^http:\/\/api\.test:8787\/v1\/embedded\/device\/approve\?token=[A-Za-z0-9_-]{43}$/);

    const status = () => post("/v1/embedded/email/device-status", { email, deviceId: laptop });
    expect((await status()).json()).toEqual({ approved: false });
    // No code was sent for the unapproved device: verifying anything fails.
    const early = await post("/v1/embedded/email/verify", { email, deviceId: laptop, otp: "000000" });
    expect(early.statusCode).toBe(400);

    const path = link.slice(PUBLIC_API_URL.length);
    const token = new URL(link).searchParams.get("token") ?? "";
    // Opening the link (as a mail scanner does) only asks: nothing is approved yet.
    const question = await get(path);
    expect(question.statusCode).toBe(200);
    expect(question.headers["content-type"]).toMatch(/^text\/html/);
    expect(question.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(question.body).toContain(DEVICE_APPROVAL_QUESTION);
    expect(question.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect((await status()).json()).toEqual({ approved: false });
    // The page's button posts the token as a form.
    const approve = () =>
      t.app.inject({
        method: "POST",
        url: "/v1/embedded/device/approve",
        payload: new URLSearchParams({ token }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const page = await approve();
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(page.body).toContain(DEVICE_APPROVED);
    expect((await status()).json()).toEqual({ approved: true });
    // The link works once.
    const again = await approve();
    expect([again.statusCode, again.body.includes(DEVICE_LINK_INVALID)]).toEqual([400, true]);
    expect((await get("/v1/embedded/device/approve?token=nonsense")).statusCode).toBe(400);
    expect((await get("/v1/embedded/device/approve")).statusCode).toBe(400);
    expect((await post("/v1/embedded/device/approve", { token: "nonsense" })).statusCode).toBe(400);

    // Approved: connect now sends a code, and the wallet is the same. (The code's cooldown is the email's, not the
    // device's: the first device's code was sent a moment ago, and 31 seconds pass here.)
    await ageCode("login", email);
    const second = await login(email, laptop);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.address).toBe(account.address);
    expect((await get("/v1/embedded/wallet/share", second.sessionToken)).json()).toEqual({
      address: account.address,
      authShare,
    });
  });

  it("an expired approval link approves nothing", async () => {
    const email = newEmail("late");
    await login(email, newDevice());
    const deviceId = newDevice();
    const started = Date.now() - 1000;
    expect((await post("/v1/embedded/email/connect", { email, deviceId })).json()).toEqual({ action: "VERIFY_DEVICE" });
    const link = /Approve this device: (\S+)/.exec((await mailTo(email, /^Approve/, started)).text)?.[1] ?? "";
    await t.database.db
      .update(embeddedCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(embeddedCodes.purpose, "device"), eq(embeddedCodes.subject, email)));
    const token = new URL(link).searchParams.get("token") ?? "";
    const answer = await t.app.inject({
      method: "POST",
      url: "/v1/embedded/device/approve",
      payload: new URLSearchParams({ token }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.statusCode).toBe(400);
    expect((await post("/v1/embedded/email/device-status", { email, deviceId })).json()).toEqual({ approved: false });
  });

  it("waits 30 seconds between two mails to one email, and a new code replaces the old one", async () => {
    const email = newEmail("carol");
    const deviceId = newDevice();
    expect((await post("/v1/embedded/email/connect", { email, deviceId })).statusCode).toBe(200);
    const oldCode = codeOf(await mailTo(email, /^Your Fundament code/));
    const again = await post("/v1/embedded/email/connect", { email, deviceId });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please try again after (29|30) seconds$/);
    expect(Number(again.headers["retry-after"])).toBeGreaterThanOrEqual(29);
    expect(catcher.messages().filter((mail) => mail.to.includes(email))).toHaveLength(1);

    await ageCode("login", email);
    const started = Date.now() - 1000;
    expect((await post("/v1/embedded/email/connect", { email, deviceId })).statusCode).toBe(200);
    await catcher.waitFor((mail) => mail.to.includes(email) && Date.parse(mail.date) >= started && mail !== undefined);
    const mails = catcher.messages().filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(2);
    const newCode = codeOf(mails[0] as CaughtMail);
    if (newCode !== oldCode) {
      const old = await post("/v1/embedded/email/verify", { email, deviceId, otp: oldCode });
      expect(old.json().message).toBe("Invalid code");
    }
    expect((await post("/v1/embedded/email/verify", { email, deviceId, otp: newCode })).statusCode).toBe(200);
  });

  it("wrong, reused, expired and too many codes, and bad input, in plain sentences", async () => {
    const email = newEmail("dave");
    const deviceId = newDevice();
    await post("/v1/embedded/email/connect", { email, deviceId });
    const otp = codeOf(await mailTo(email, /^Your Fundament code/));
    const wrong = otp === "000000" ? "000001" : "000000";
    const verify = (body: object) => post("/v1/embedded/email/verify", { email, deviceId, otp, ...body });

    const badEmail = await post("/v1/embedded/email/connect", { email: "not an email", deviceId });
    expect([badEmail.statusCode, badEmail.json().message]).toEqual([400, "Invalid email"]);
    expect((await post("/v1/embedded/email/connect", { deviceId })).json().message).toBe("Invalid email");
    expect((await post("/v1/embedded/email/connect", { email, deviceId: "short" })).json().message).toBe(
      "deviceId must be the frame's device id (43 base64url characters)",
    );
    expect((await verify({ otp: "12345" })).json().message).toBe("Invalid code");
    expect((await verify({ otp: 123456 })).json().message).toBe("Invalid code");
    const notJson = await t.app.inject({
      method: "POST",
      url: "/v1/embedded/email/verify",
      payload: "null",
      headers: { "content-type": "application/json" },
    });
    expect([notJson.statusCode, notJson.json().message]).toEqual([400, "The request body must be a JSON object"]);
    // The right code from another device is not accepted (and counts as a wrong try).
    expect((await verify({ deviceId: newDevice() })).json().message).toBe("Invalid code");

    for (let i = 0; i < 3; i++) {
      const answer = await verify({ otp: wrong });
      expect([answer.statusCode, answer.json().message]).toEqual([400, "Invalid code"]);
    }
    const fifth = await verify({ otp: wrong });
    expect([fifth.statusCode, fifth.json().message]).toEqual([429, "Too many attempts. Request a new code."]);
    const right = await verify({});
    expect([right.statusCode, right.json().message]).toEqual([429, "Too many attempts. Request a new code."]);

    // A new code (after the cooldown) works, once.
    await ageCode("login", email);
    const started = Date.now() - 1000;
    await post("/v1/embedded/email/connect", { email, deviceId });
    const fresh = codeOf(await mailTo(email, /^Your Fundament code/, started));
    expect((await verify({ otp: fresh })).statusCode).toBe(200);
    expect((await verify({ otp: fresh })).json().message).toBe("Invalid code");

    // An expired code.
    await ageCode("login", email);
    const later = Date.now() - 1000;
    await post("/v1/embedded/email/connect", { email, deviceId });
    const stale = codeOf(await mailTo(email, /^Your Fundament code/, later));
    await t.database.db
      .update(embeddedCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(embeddedCodes.purpose, "login"), eq(embeddedCodes.subject, email)));
    const expired = await verify({ otp: stale });
    expect([expired.statusCode, expired.json().message]).toEqual([400, "The code has expired. Request a new code."]);
    // No code at all for an email.
    expect((await post("/v1/embedded/email/verify", { email: newEmail("nobody"), deviceId, otp })).json().message).toBe(
      "Invalid code",
    );
  });

  it("two simultaneous verifies of one code give one session", async () => {
    const email = newEmail("erin");
    const deviceId = newDevice();
    await post("/v1/embedded/email/connect", { email, deviceId });
    const otp = codeOf(await mailTo(email, /^Your Fundament code/));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post("/v1/embedded/email/verify", { email, deviceId, otp })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const userId = answers.find((answer) => answer.statusCode === 200)?.json().user.id;
    const sessions = await t.database.db.select().from(embeddedSessions).where(eq(embeddedSessions.userId, userId));
    expect(sessions).toHaveLength(1);
  });

  it("changes the email in two steps: a code to the current email, then one to the new email", async () => {
    const email = newEmail("frank");
    const deviceId = newDevice();
    const { sessionToken, user } = await login(email, deviceId);
    const target = newEmail("frank.new");
    const taken = newEmail("taken");
    await login(taken, newDevice());

    expect((await post("/v1/embedded/email/update", { email: target })).statusCode).toBe(401);
    const inUse = await post("/v1/embedded/email/update", { email: taken }, sessionToken);
    expect([inUse.statusCode, inUse.json().message]).toEqual([409, "This email is already in use"]);
    expect((await post("/v1/embedded/email/update", { email }, sessionToken)).json().message).toBe(
      "This is already your email",
    );
    expect((await post("/v1/embedded/email/update", { email: "x@" }, sessionToken)).json().message).toBe(
      "Invalid email",
    );

    const start = await post("/v1/embedded/email/update", { email: target }, sessionToken);
    expect(start.json()).toEqual({ action: "VERIFY_PRIMARY_OTP" });
    const cooldown = await post("/v1/embedded/email/update", { email: target }, sessionToken);
    expect(cooldown.json().message).toMatch(/^Please try again after \d+ seconds$/);
    const primaryMail = await mailTo(email, /^Your Fundament code/);
    expect(primaryMail.text).toContain(`change your Fundament email to ${target}`);
    const primaryCode = codeOf(primaryMail);
    const wrong = primaryCode === "000000" ? "000001" : "000000";
    expect((await post("/v1/embedded/email/update/primary", { otp: wrong }, sessionToken)).json().message).toBe(
      "Invalid code",
    );
    const primary = await post("/v1/embedded/email/update/primary", { otp: primaryCode }, sessionToken);
    expect(primary.json()).toEqual({ action: "VERIFY_SECONDARY_OTP" });

    const secondaryCode = codeOf(await mailTo(target, /^Your Fundament code/));
    const secondary = await post("/v1/embedded/email/update/secondary", { otp: secondaryCode }, sessionToken);
    expect(secondary.json()).toEqual({ email: target });
    expect((await get("/v1/embedded/me", sessionToken)).json()).toMatchObject({ id: user.id, email: target });
    expect((await post("/v1/embedded/email/update/secondary", { otp: secondaryCode }, sessionToken)).statusCode).toBe(
      400,
    );

    // The new email logs in to the same user on the approved device; the old one is free (a new user).
    const again = await login(target, deviceId);
    expect(again.user.id).toBe(user.id);
    await ageCode("login", email);
    const old = await login(email, newDevice());
    expect(old.user.id).not.toBe(user.id);
  });

  it("lists a wallet's sessions and revokes one with the address's signature", async () => {
    const email = newEmail("gina");
    const phone = newDevice();
    const first = await login(email, phone);
    const { account } = await registerWallet(first.sessionToken, first.user.id);
    await ageCode("login", email);
    const second = await login(email, phone);

    const list = await get(`/v1/sessions/${account.address}`, second.sessionToken);
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as { pci: string; current: boolean; loginMethod: string; lastUsedAt: string }[];
    expect(data).toHaveLength(2);
    expect(data.filter((item) => item.current)).toHaveLength(1);
    expect(data.every((item) => item.loginMethod === "email" && !Number.isNaN(Date.parse(item.lastUsedAt)))).toBe(true);
    const firstPci = data.find((item) => !item.current)?.pci ?? "";
    // Lower-case address works too.
    expect((await get(`/v1/sessions/${account.address.toLowerCase()}`, second.sessionToken)).statusCode).toBe(200);

    const stranger = await login(newEmail("stranger"), newDevice());
    const foreign = await get(`/v1/sessions/${account.address}`, stranger.sessionToken);
    expect([foreign.statusCode, foreign.json().message]).toEqual([403, "These sessions belong to another account"]);
    expect((await get(`/v1/sessions/${account.address}`)).statusCode).toBe(401);
    expect((await get("/v1/sessions/0x1234", second.sessionToken)).json().message).toBe(
      "address must be a 0x address (40 hex digits)",
    );

    const url = `/v1/sessions/${account.address}/revoke`;
    const badSigner = privateKeyToAccount(generatePrivateKey());
    const forged = await post(url, {
      pci: firstPci,
      signature: await badSigner.signMessage({ message: `Revoke session ${firstPci}` }),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false });

    const signature = await account.signMessage({ message: `Revoke session ${firstPci}` });
    const revoked = await post(url, { pci: firstPci, signature });
    expect(revoked.json()).toEqual({ success: true });
    expect((await get("/v1/embedded/me", first.sessionToken)).statusCode).toBe(401);
    expect((await get("/v1/embedded/me", second.sessionToken)).statusCode).toBe(200);
    const twice = await post(url, { pci: firstPci, signature });
    expect([twice.statusCode, twice.json().success]).toEqual([404, false]);
    const after = (await get(`/v1/sessions/${account.address}`, second.sessionToken)).json().data;
    expect(after).toHaveLength(1);
    // lastUsedAt moves when the session is used.
    const before = Date.parse(after[0].lastUsedAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = (await get(`/v1/sessions/${account.address}`, second.sessionToken)).json().data;
    expect(Date.parse(later[0].lastUsedAt)).toBeGreaterThan(before);
  });

  it("ends a session after 30 days", async () => {
    const { sessionToken, user } = await login(newEmail("henry"), newDevice());
    await t.database.db
      .update(embeddedSessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(embeddedSessions.userId, user.id));
    expect((await get("/v1/embedded/me", sessionToken)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(embeddedSessions).where(eq(embeddedSessions.userId, user.id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeLessThan(30 * 86_400_000);
  });

  it("makes 30-day sessions and answers garbage bearer tokens with 401", async () => {
    const { user } = await login(newEmail("ivy"), newDevice());
    const [row] = await t.database.db.select().from(embeddedSessions).where(eq(embeddedSessions.userId, user.id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(30 * 86_400_000);
    for (const authorization of ["Bearer ", "Bearer x", `Bearer ${"A".repeat(43)}`, "Basic abc", ""]) {
      const answer = await t.app.inject({ method: "GET", url: "/v1/embedded/me", headers: { authorization } });
      expect([answer.statusCode, answer.json().message]).toEqual([401, "Not signed in"]);
    }
  });

  it("lets the frame's origin call the API (CORS)", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/v1/embedded/me",
      headers: {
        origin: "http://127.0.0.1:5174",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:5174");
  });
});

describe("embedded wallet without its settings", () => {
  it("answers 503 'Email login is not configured' without EMBEDDED_SECRET", async () => {
    const t = await testApp({});
    try {
      const device = randomBytes(32).toString("base64url");
      for (const [method, url] of [
        ["POST", "/v1/embedded/email/connect"],
        ["POST", "/v1/embedded/email/verify"],
        ["GET", "/v1/embedded/me"],
        ["GET", "/v1/embedded/device/approve?token=x"],
        ["POST", "/v1/embedded/device/approve"],
        ["GET", "/v1/sessions/0x5FbDB2315678afecb367f032d93F642f64180aa3"],
      ] as const) {
        const answer = await t.app.inject({
          method,
          url,
          payload: method === "POST" ? { email: "a@b.test", deviceId: device } : undefined,
        });
        expect([answer.statusCode, answer.json().message], url).toEqual([503, "Email login is not configured"]);
      }
    } finally {
      await t.close();
    }
  });

  it("says when the mail could not be sent, and does not hold the person to the cooldown for it", async () => {
    const t = await testApp({ EMBEDDED_SECRET: SECRET, SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const body = { email: "nomail@example.test", deviceId: randomBytes(32).toString("base64url") };
      for (let i = 0; i < 2; i++) {
        const answer = await t.app.inject({ method: "POST", url: "/v1/embedded/email/connect", payload: body });
        expect([answer.statusCode, answer.json().message]).toEqual([
          503,
          "The email could not be sent. Please try again in a moment.",
        ]);
      }
    } finally {
      await t.close();
    }
  });
});
