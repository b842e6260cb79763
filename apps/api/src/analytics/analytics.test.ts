import { randomUUID } from "node:crypto";
import { EVENT_NAMES } from "@fundament/wallet/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../auth/sessions.js";
import { analyticsEvents } from "../db/schema.js";
import { ANALYTICS_OFF, INVALID_APP_CONFIGURATION } from "../routes/analytics.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { drivers } from "../testing/testDatabase.js";
import { ANALYTICS_NOT_ADMIN, ANALYTICS_SIGN_IN } from "./adminAccess.js";
import { ANALYTICS_EVENT_NAMES, domainOf, eventTime, pathOf, sanitizeProperties } from "./sanitize.js";
import { dailyCounts, storeEvent } from "./store.js";

const ORIGIN = "http://localhost:5173";
const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const HASH = `0x${"ab".repeat(32)}`;

describe("analytics sanitizing", () => {
  it("accepts exactly the wallet's event names (with INVEST_SUCCESS and VOTE_SUCCESS)", () => {
    expect([...ANALYTICS_EVENT_NAMES]).toEqual([...EVENT_NAMES]);
    expect(ANALYTICS_EVENT_NAMES).toContain("INVEST_SUCCESS");
    expect(ANALYTICS_EVENT_NAMES).toContain("VOTE_SUCCESS");
  });

  it("keeps safe primitives only: no addresses, hashes, e-mails or IPs, under any key", () => {
    expect(
      sanitizeProperties({
        connected: true,
        chainId: 31337,
        network: "eip155:31337",
        amount: "100",
        address: "alice",
        receiverAddress: ADDRESS,
        hash: HASH,
        message: `Transfer to ${ADDRESS} failed`,
        note: `paid ${HASH.slice(2)}`,
        contact: "a@b.example",
        where: "10.0.0.7",
        solana: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
        nested: { address: ADDRESS },
        list: [ADDRESS],
        nan: Number.NaN,
        "bad key": 1,
        long: "x".repeat(500),
      }),
    ).toEqual({ connected: true, chainId: 31337, network: "eip155:31337", amount: "100", long: "x".repeat(120) });
    expect(sanitizeProperties(null)).toEqual({});
    expect(sanitizeProperties([1])).toEqual({});
  });

  it("stores the URL's path only, with hex runs masked, and a plain host", () => {
    expect(pathOf("http://localhost:5173/account?address=0xabc#frag")).toBe("/account");
    expect(pathOf(`https://app.example/governance/${HASH}/votes`)).toBe("/governance/:hex/votes");
    expect(pathOf("/vault?x=1")).toBe("/vault");
    expect(pathOf("http://[bad")).toBe("/");
    expect(domainOf("LocalHost:5173")).toBe("localhost:5173");
    expect(domainOf("evil.example/path")).toBe("");
  });

  it("takes the sender's time within a day of now, else the arrival time", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    expect(eventTime(now.getTime() - 3_600_000, now).toISOString()).toBe("2026-05-01T11:00:00.000Z");
    expect(eventTime(0, now)).toBe(now);
    expect(eventTime(now.getTime() + 2 * 86_400_000, now)).toBe(now);
  });
});

const event = (name: string, overrides: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  url: `http://localhost:5173/account/${ADDRESS}?ref=${ADDRESS}#x`,
  domain: "localhost:5173",
  timestamp: Date.now(),
  props: { event: name, properties: { connected: true, address: ADDRESS, hash: HASH } },
  ...overrides,
});

describe.each(drivers)("analytics routes (%s)", (driver) => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await testApp(
      { ANALYTICS_ENABLED: "1", ADMIN_TOKEN: "admin-secret", RPC_URLS: "31337=http://127.0.0.1:9" },
      driver,
    );
    off = await testApp({}, driver);
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  /** `origin` "" sends no Origin header. */
  const send = (t: TestApp, body: unknown, origin = ORIGIN) =>
    t.app.inject({
      method: "POST",
      url: "/e",
      headers: { ...(origin && { origin }), "x-forwarded-for": "203.0.113.9" },
      payload: body as object,
    });

  it("tells whether analytics is on (off by default)", async () => {
    expect((await on.app.inject("/getAnalyticsConfig")).json()).toEqual({ isAnalyticsEnabled: true });
    expect((await off.app.inject("/getAnalyticsConfig")).json()).toEqual({ isAnalyticsEnabled: false });
  });

  it("refuses a foreign or missing origin with 403 'Invalid App Configuration', readable by that page", async () => {
    const foreign = await send(on, event("MODAL_OPEN"), "http://evil.test");
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(INVALID_APP_CONFIGURATION);
    expect(foreign.headers["access-control-allow-origin"]).toBe("http://evil.test");
    expect((await send(on, event("MODAL_OPEN"), "")).json().message).toBe(INVALID_APP_CONFIGURATION);
    const preflight = await on.app.inject({
      method: "OPTIONS",
      url: "/e",
      headers: { origin: "http://evil.test", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://evil.test");
  });

  it("answers 403 'Analytics is off' while ANALYTICS_ENABLED is off, and stores nothing", async () => {
    const response = await send(off, event("MODAL_OPEN"));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ANALYTICS_OFF);
    expect(await off.database.db.select().from(analyticsEvents)).toEqual([]);
  });

  it("stores an event without addresses or IP addresses, once per eventId", async () => {
    const body = event("SEND_SUCCESS");
    const first = await send(on, body);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ stored: true });
    expect((await send(on, body)).statusCode).toBe(202);
    const rows = (await on.database.db.select().from(analyticsEvents)).filter((row) => row.eventId === body.eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: "SEND_SUCCESS",
      domain: "localhost:5173",
      path: "/account/:hex",
      properties: { connected: true },
    });
    const stored = JSON.stringify(await on.database.db.select().from(analyticsEvents));
    expect(stored).not.toMatch(/0x[0-9a-fA-F]{8}/);
    expect(stored.toLowerCase()).not.toContain(ADDRESS.slice(2).toLowerCase());
    expect(stored).not.toContain("203.0.113.9");
    expect(stored).not.toContain("127.0.0.1");
  });

  it("refuses unknown events and bad bodies with 400", async () => {
    expect((await send(on, event("STEAL_KEYS"))).statusCode).toBe(400);
    expect((await send(on, event("MODAL_OPEN", { eventId: "x".repeat(65) }))).statusCode).toBe(400);
    expect((await send(on, event("MODAL_OPEN", { eventId: "has space!" }))).statusCode).toBe(400);
    expect((await send(on, event("MODAL_OPEN", { url: "u".repeat(2049) }))).statusCode).toBe(400);
    expect((await send(on, event("MODAL_OPEN", { timestamp: "now" }))).statusCode).toBe(400);
    const big = await send(
      on,
      event("MODAL_OPEN", { props: { event: "MODAL_OPEN", properties: { a: "x".repeat(9000) } } }),
    );
    expect(big.statusCode).toBe(413);
  });

  it("counts events per UTC day and event", async () => {
    const db = on.database.db;
    const now = new Date("2026-03-10T12:00:00Z");
    const at = (iso: string) => new Date(iso).getTime();
    const base = { url: "/", domain: "x", properties: {} };
    for (const [id, name, iso] of [
      ["day-a-1", "INVEST_SUCCESS", "2026-03-09T23:59:00Z"],
      ["day-a-2", "INVEST_SUCCESS", "2026-03-09T00:00:00Z"],
      ["day-a-3", "VOTE_SUCCESS", "2026-03-09T10:00:00Z"],
      ["day-b-1", "INVEST_SUCCESS", "2026-03-10T00:00:01Z"],
      ["old-one", "VOTE_SUCCESS", "2026-03-07T12:00:00Z"],
    ] as const) {
      await storeEvent(db, { ...base, eventId: id, event: name, timestamp: at(iso) }, new Date(iso));
    }
    const days = await dailyCounts(db, 3, now);
    expect(days).toEqual([
      { day: "2026-03-08", counts: {} },
      { day: "2026-03-09", counts: { INVEST_SUCCESS: 2, VOTE_SUCCESS: 1 } },
      { day: "2026-03-10", counts: { INVEST_SUCCESS: 1 } },
    ]);
  });

  it("gives the daily counts to the admin token; 401 without it; 403 to a non-admin session", async () => {
    const ok = await on.app.inject({
      url: "/admin/analytics/daily?days=2",
      headers: { authorization: "Bearer admin-secret" },
    });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.enabled).toBe(true);
    expect(body.days).toHaveLength(2);
    expect(body.days[1].day).toBe(new Date().toISOString().slice(0, 10));
    expect(body.days[1].counts.SEND_SUCCESS).toBeGreaterThanOrEqual(1);
    expect((await on.app.inject("/admin/analytics/daily")).json().message).toBe(ANALYTICS_SIGN_IN);
    expect((await on.app.inject("/admin/analytics/daily")).statusCode).toBe(401);
    const wrong = await on.app.inject({ url: "/admin/analytics/daily", headers: { authorization: "Bearer nope" } });
    expect(wrong.statusCode).toBe(401);
    // No fund is configured here (CHAIN_ID 999): no session can be an admin.
    const id = await createSession(on.database.db, { address: ADDRESS, chainId: 31337 });
    const session = await on.app.inject({ url: "/admin/analytics/daily", cookies: { fundament_session: id } });
    expect(session.statusCode).toBe(403);
    expect(session.json().message).toBe(ANALYTICS_NOT_ADMIN);
    for (const days of ["0", "366", "1e2", "-1"]) {
      const bad = await on.app.inject({
        url: `/admin/analytics/daily?days=${days}`,
        headers: { authorization: "Bearer admin-secret" },
      });
      expect(bad.statusCode).toBe(400);
    }
  });
});
