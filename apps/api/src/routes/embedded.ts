import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { createEmailLogin, type EmailLogin } from "../embedded/emailLogin.js";
import { confirmCurrentEmail, confirmNewEmail, startEmailUpdate } from "../embedded/emailUpdate.js";
import {
  addressField,
  authShareField,
  BEARER_NOTE,
  bearerSession,
  codeRouteLimit,
  deviceIdField,
  emailField,
  embeddedPluginBasics,
  needSecret,
  otpField,
  sessionUser,
  signatureField,
  userSchema,
} from "../embedded/http.js";
import { APPROVAL_PAGE_CSP, approvalPage, approvalQuestionPage } from "../embedded/pages.js";
import { revokeEmbeddedSession } from "../embedded/sessions.js";
import { embeddedUserView } from "../embedded/users.js";
import { readSessionWallet, registerSessionWallet } from "../embedded/walletAccess.js";
import type { RouteContext } from "./context.js";

const sessionAnswer = z.object({ sessionToken: z.string(), user: userSchema });
const tags = ["embedded wallet"];

/** What every group of the embedded routes is registered with. */
type EmbeddedRoutes = {
  app: FastifyInstance;
  db: Db;
  secret: Buffer | undefined;
  login: EmailLogin;
  limit: { rateLimit: ReturnType<typeof codeRouteLimit> };
};

// The mailed link opens a question page; only its button (a form post) approves, so a mail scanner that opens
// every link approves nothing.
const deviceToken = z.string().max(100).optional().catch(undefined);
const validToken = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);

/** Connect: the email login's first step. */
function emailConnectRoute({ app, secret, login, limit }: EmbeddedRoutes): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/v1/embedded/email/connect",
    {
      config: limit,
      schema: {
        tags,
        summary:
          "Starts an email login: mails a 6-digit code (VERIFY_OTP) or, for a known email on a new device, an approval link (VERIFY_DEVICE)",
        body: z.object({ email: emailField, deviceId: deviceIdField }),
        response: { 200: z.object({ action: z.enum(["VERIFY_OTP", "VERIFY_DEVICE"]) }) },
      },
    },
    async (request, reply) => login.connect(needSecret(secret), request.body, reply),
  );
}

/** Device status (polled after VERIFY_DEVICE) and verify (the code, for a session). */
function emailVerifyRoutes({ app, secret, login, limit }: EmbeddedRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/v1/embedded/email/device-status",
    {
      schema: {
        tags,
        summary: "Whether this device was approved for the email (the frame polls it after VERIFY_DEVICE)",
        body: z.object({ email: emailField, deviceId: deviceIdField }),
        response: { 200: z.object({ approved: z.boolean() }) },
      },
    },
    async (request) => login.deviceStatus(needSecret(secret), request.body),
  );
  typed.post(
    "/v1/embedded/email/verify",
    {
      config: limit,
      schema: {
        tags,
        summary: "Checks the mailed code: a session token (30 days) for the device, which is approved from now on",
        body: z.object({ email: emailField, deviceId: deviceIdField, otp: otpField }),
        response: { 200: sessionAnswer },
      },
    },
    async (request) => login.verify(needSecret(secret), request.body),
  );
}

/** The mailed device-approval link: its question page, and the page's button (a form post). */
function deviceApprovalRoutes({ app, secret, login, limit }: EmbeddedRoutes): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/v1/embedded/device/approve",
    {
      schema: {
        tags,
        summary: "The mailed device-approval link: a page asking to approve the device (approves nothing itself)",
        // A repeated or oversized token is simply not a valid link: the page says so.
        querystring: z.object({ token: deviceToken }),
      },
    },
    async (request, reply) => {
      needSecret(secret);
      const token = request.query.token;
      reply.header("content-security-policy", APPROVAL_PAGE_CSP).header("cache-control", "no-store");
      reply.type("text/html; charset=utf-8");
      if (!validToken(token)) return reply.code(400).send(approvalPage(false));
      return approvalQuestionPage(token);
    },
  );
  app.register(async (form) => {
    // Only this route reads a form body.
    form.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    form.withTypeProvider<ZodTypeProvider>().post(
      "/v1/embedded/device/approve",
      {
        config: limit,
        schema: {
          tags,
          summary: "The approval page's button: approves the device once and answers a short HTML page",
          body: z.object({ token: deviceToken }).catch({ token: undefined }),
        },
      },
      async (request, reply) => {
        const key = needSecret(secret);
        const token = request.body.token;
        const approved = validToken(token) ? await login.approveDeviceByLink(key, token) : false;
        reply.header("content-security-policy", APPROVAL_PAGE_CSP).header("cache-control", "no-store");
        reply.type("text/html; charset=utf-8");
        return reply.code(approved ? 200 : 400).send(approvalPage(approved));
      },
    );
  });
}

/** The signed-in user, the wallet's share and registration, and sign out. */
function accountRoutes({ app, db, secret }: EmbeddedRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/v1/embedded/me",
    {
      schema: {
        tags,
        summary: "The signed-in embedded-wallet user",
        description: BEARER_NOTE,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const key = needSecret(secret);
      return embeddedUserView(await sessionUser(db, await bearerSession(db, key, request)));
    },
  );
  typed.get(
    "/v1/embedded/wallet/share",
    {
      schema: {
        tags,
        summary: "The wallet's address and auth share (base64), for a session on an approved device",
        description: BEARER_NOTE,
        response: { 200: z.object({ address: z.string(), authShare: z.string() }) },
      },
    },
    async (request) => {
      const key = needSecret(secret);
      return readSessionWallet(db, key, await bearerSession(db, key, request));
    },
  );
  typed.post(
    "/v1/embedded/wallet",
    {
      schema: {
        tags,
        summary:
          "Registers the user's wallet: its address, the auth share, and the new key's signature of 'Fundament embedded wallet\\nUser: {userId}\\nAddress: {address}'",
        description: BEARER_NOTE,
        body: z.object({ address: addressField, authShare: authShareField, signature: signatureField }),
        response: { 200: z.object({ address: z.string(), user: userSchema }) },
      },
    },
    async (request) => {
      const key = needSecret(secret);
      return registerSessionWallet(db, key, await bearerSession(db, key, request), request.body);
    },
  );
  typed.post(
    "/v1/embedded/signout",
    { schema: { tags, summary: "Ends this session (its token stops working)", description: BEARER_NOTE } },
    async (request, reply) => {
      const key = needSecret(secret);
      // Signing out with a token that already ended is done already.
      const session = await bearerSession(db, key, request).catch(() => undefined);
      if (session) await revokeEmbeddedSession(db, session.userId, session.sessionId);
      return reply.code(204).send();
    },
  );
}

/** The two-step email change: a code to the current email, then one to the new email. */
function emailUpdateRoutes({ app, db, secret, login, limit }: EmbeddedRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/v1/embedded/email/update",
    {
      config: limit,
      schema: {
        tags,
        summary: "Starts an email change: mails a code to the current email (VERIFY_PRIMARY_OTP)",
        description: BEARER_NOTE,
        body: z.object({ email: emailField }),
        response: { 200: z.object({ action: z.literal("VERIFY_PRIMARY_OTP") }) },
      },
    },
    async (request, reply) => {
      const key = needSecret(secret);
      const user = await sessionUser(db, await bearerSession(db, key, request));
      return startEmailUpdate(login.state, key, user, request.body.email, reply);
    },
  );
  typed.post(
    "/v1/embedded/email/update/primary",
    {
      config: limit,
      schema: {
        tags,
        summary: "Checks the current email's code, then mails a code to the new email (VERIFY_SECONDARY_OTP)",
        description: BEARER_NOTE,
        body: z.object({ otp: otpField }),
        response: { 200: z.object({ action: z.literal("VERIFY_SECONDARY_OTP") }) },
      },
    },
    async (request, reply) => {
      const key = needSecret(secret);
      return confirmCurrentEmail(login.state, key, await bearerSession(db, key, request), request.body.otp, reply);
    },
  );
  typed.post(
    "/v1/embedded/email/update/secondary",
    {
      config: limit,
      schema: {
        tags,
        summary: "Checks the new email's code and makes it the account's email (and email login)",
        description: BEARER_NOTE,
        body: z.object({ otp: otpField }),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => {
      const key = needSecret(secret);
      return confirmNewEmail(login.state, key, await bearerSession(db, key, request), request.body.otp);
    },
  );
}

/**
 * The embedded wallet's email login (contract routes 1–9): connect (a code, or a device-approval link for a known
 * email on a new device), the approval link, device status, verify (a session), the user, the auth share, the
 * wallet's registration, sign out, and the two-step email update. All answer 503 without EMBEDDED_SECRET. The steps
 * live in the embedded services (`emailLogin`, `emailUpdate`, `walletAccess`); the handlers only route.
 */
export function embeddedRoutes({ config, database }: RouteContext): FastifyPluginAsync {
  const { db } = database;
  const settings = config.embedded;
  const login = createEmailLogin(db, settings);
  const limit = { rateLimit: codeRouteLimit(config.rateLimit) };
  return async (app) => {
    embeddedPluginBasics(app, settings.secret);
    app.addHook("onClose", async () => login.close());
    const routes: EmbeddedRoutes = { app, db, secret: settings.secret, login, limit };
    emailConnectRoute(routes);
    deviceApprovalRoutes(routes);
    emailVerifyRoutes(routes);
    accountRoutes(routes);
    emailUpdateRoutes(routes);
  };
}
