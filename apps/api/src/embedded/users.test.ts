import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { embeddedIdentities, embeddedUsers } from "../db/schema.js";
import { drivers, testDatabase } from "../testing/testDatabase.js";
import { createEmbeddedSession, readEmbeddedSession } from "./sessions.js";
import { findOrCreateUserByIdentity } from "./users.js";

const secret = Buffer.from("22".repeat(32), "hex");

describe.each(drivers)("embedded users (%s)", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase(driver);
  });
  afterAll(() => database?.close());

  it("makes a user on the first login and finds it on the next (emails in any case)", async () => {
    const first = await findOrCreateUserByIdentity(database.db, { provider: "email", subject: "Zoe@Example.test" });
    expect(first).toEqual({
      id: expect.any(String),
      email: "zoe@example.test",
      address: null,
      loginMethod: "email",
      userName: null,
    });
    const again = await findOrCreateUserByIdentity(database.db, { provider: "email", subject: "zoe@example.TEST" });
    expect(again.id).toBe(first.id);
  });

  it("links a social login with the same verified email to the email user, and keeps its name", async () => {
    const email = await findOrCreateUserByIdentity(database.db, { provider: "email", subject: "yan@example.test" });
    const google = await findOrCreateUserByIdentity(database.db, {
      provider: "google",
      subject: "google-sub-1",
      email: "Yan@example.test",
      userName: "Yan",
    });
    expect(google).toMatchObject({ id: email.id, loginMethod: "google", userName: "Yan", email: "yan@example.test" });
    // A login without an email (Farcaster) is a user of its own.
    const farcaster = await findOrCreateUserByIdentity(database.db, {
      provider: "farcaster",
      subject: "1234",
      userName: "yan",
    });
    expect(farcaster.id).not.toBe(email.id);
    expect(farcaster.email).toBeNull();
  });

  it("makes one user for simultaneous first logins of one identity", async () => {
    const users = await Promise.all(
      Array.from({ length: 5 }, () =>
        findOrCreateUserByIdentity(database.db, { provider: "github", subject: "gh-42" }),
      ),
    );
    expect(new Set(users.map((user) => user.id)).size).toBe(1);
    const rows = await database.db.select().from(embeddedIdentities);
    expect(rows.filter((row) => row.subject === "gh-42")).toHaveLength(1);
    const all = await database.db.select().from(embeddedUsers);
    expect(all.filter((user) => user.id === users[0]?.id)).toHaveLength(1);
  });

  it("creates and reads sessions for the social and Farcaster helpers", async () => {
    const user = await findOrCreateUserByIdentity(database.db, { provider: "discord", subject: "d-1" });
    const { sessionToken } = await createEmbeddedSession(database.db, secret, {
      userId: user.id,
      deviceId: "d".repeat(43),
      loginMethod: "discord",
    });
    const session = await readEmbeddedSession(database.db, secret, sessionToken);
    expect(session).toMatchObject({ userId: user.id, loginMethod: "discord", sessionId: expect.any(String) });
    expect(await readEmbeddedSession(database.db, secret, "x".repeat(43))).toBeUndefined();
    expect(await readEmbeddedSession(database.db, Buffer.from("33".repeat(32), "hex"), sessionToken)).toBeUndefined();
  });
});
