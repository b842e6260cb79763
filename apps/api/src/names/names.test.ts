import { count, eq } from "drizzle-orm";
import { type Address, getAddress, type LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameRegistrations, names } from "../db/schema.js";
import { type TestApp, testApp } from "../testing/testApp.js";
import { drivers } from "../testing/testDatabase.js";
import { withinOrNull } from "./identity.js";
import { COIN_TYPE_OFFSET, chainIdOfCoinType, coinTypeOf, INVALID_CHAIN_ID, readName } from "./nameStore.js";
import { REGISTRATION_REPLAYED, REGISTRATION_WINDOW_SECONDS } from "./registration.js";
import { labelProblem, parseName } from "./rules.js";
import { alternativeLabels } from "./suggestions.js";

const LOCAL = coinTypeOf(31337);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newAccount = () => privateKeyToAccount(generatePrivateKey());

describe("name rules", () => {
  it("computes ENSIP-11 coin types and refuses chain ids from 2147483648 with 'Invalid chainId'", () => {
    expect(coinTypeOf(1)).toBe(60);
    expect(coinTypeOf(31337)).toBe(2_147_514_985);
    expect(coinTypeOf(11_155_111)).toBe((0x80000000 | 11_155_111) >>> 0);
    expect(() => coinTypeOf(COIN_TYPE_OFFSET)).toThrow(INVALID_CHAIN_ID);
    expect(() => coinTypeOf(-1)).toThrow(INVALID_CHAIN_ID);
    expect(chainIdOfCoinType(60)).toBe(1);
    expect(chainIdOfCoinType(LOCAL)).toBe(31337);
    expect(chainIdOfCoinType(0)).toBeUndefined();
  });

  it("allows letters, digits and hyphens, 4 to 63 characters, not reserved", () => {
    expect(labelProblem("alice")).toBeUndefined();
    expect(labelProblem("a-b-1")).toBeUndefined();
    expect(labelProblem("abc")).toBe("A name must be at least 4 characters");
    expect(labelProblem("a".repeat(64))).toBe("A name must be at most 63 characters");
    expect(labelProblem("ali_ce")).toBe("A name may contain only letters, digits and hyphens");
    expect(labelProblem("admin", "admin.fundament")).toBe("Name admin.fundament is reserved");
    expect(parseName(" Alice.Fundament ", "fundament")).toEqual({
      name: "alice.fundament",
      label: "alice",
      zone: "fundament",
    });
    expect(parseName("bob1", "fundament").name).toBe("bob1.fundament");
  });

  it("refuses labels ENS clients cannot resolve (ENSIP-15) and hyphens at either end, naming why", () => {
    const ensExtension = "A name may not have hyphens as its 3rd and 4th characters (ENS reserves them, as in xn--)";
    expect(labelProblem("xn--80ak6aa92e")).toBe(ensExtension);
    expect(labelProblem("ab--cd")).toBe(ensExtension);
    expect(labelProblem("----")).toBe("A name may not start or end with a hyphen");
    expect(labelProblem("-alice")).toBe("A name may not start or end with a hyphen");
    expect(labelProblem("alice-")).toBe("A name may not start or end with a hyphen");
    expect(labelProblem("al_ice")).toBe("A name may contain only letters, digits and hyphens");
    // Hyphens elsewhere, even two in a row, are fine for ENS and DNS.
    expect(labelProblem("a--b")).toBeUndefined();
    expect(labelProblem("abc--d")).toBeUndefined();
  });

  it("refuses look-alikes of reserved labels and names containing the operator's", () => {
    const reserved = (label: string) => labelProblem(label, `${label}.fundament`);
    expect(reserved("adm1n")).toBe(
      "Name adm1n.fundament looks like admin and would pass for the operator, so it is reserved",
    );
    expect(reserved("fundament-support")).toBe(
      "Name fundament-support.fundament contains fundament, the operator's name, so it is reserved",
    );
    expect(reserved("support-team")).toBe(
      "Name support-team.fundament contains support and would pass for the operator, so it is reserved",
    );
    const lookalikes = [
      "supp0rt",
      "r00t",
      "4dmin",
      "ad-min",
      "he1p",
      "wa11et",
      "5y5tem",
      "admin1",
      "api1",
      "fundarnent",
    ];
    for (const label of [...lookalikes, "fundam3nt", "fun-dament"])
      expect(reserved(label)).toMatch(/looks like [a-z]+ and would pass for the operator, so it is reserved$/);
    for (const label of ["myfundament", "fundamentals", "my-fundam3nt", "the-fundarnent-x", "fundament-x"])
      expect(reserved(label)).toMatch(/contains fundament, the operator's name, so it is reserved$/);
    for (const label of ["my-wallet", "team-alice", "help-desk", "supp0rt-desk", "mail-box"])
      expect(reserved(label)).toMatch(/contains [a-z]+ and would pass for the operator, so it is reserved$/);
  });

  it("keeps ordinary names", () => {
    const ordinary = ["alice", "bob1", "teamwork", "information", "mailbox", "mall", "rooted", "apiary", "wallets"];
    for (const label of [...ordinary, "alice-smith", "a-b-1", "fund", "fund-x", "hello-world", "admit", "x1x1"])
      expect({ label, problem: labelProblem(label) }).toEqual({ label, problem: undefined });
  });

  it("derives valid, deterministic alternatives", () => {
    expect(alternativeLabels("alice").slice(0, 4)).toEqual(["alice1", "alice2", "alice3", "alice-1"]);
    for (const label of alternativeLabels("a".repeat(63))) expect(labelProblem(label)).toBeUndefined();
  });

  it("never proposes an alternative the rules refuse (a reserved name or its look-alike gets none)", () => {
    for (const label of ["admin", "adm1n", "support", "api1", "fundament", "abc-", "ab-c", "alice", "a".repeat(61)])
      for (const alternative of alternativeLabels(label)) expect(labelProblem(alternative)).toBeUndefined();
    expect(alternativeLabels("support")).toEqual([]);
    expect(alternativeLabels("adm1n")).toEqual([]);
  });
});

describe.each(drivers)("names routes (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    // The local chain's RPC points at a closed port: EOA signatures are checked by recovery, no node needed.
    t = await testApp({ RPC_URLS: "31337=http://127.0.0.1:9", CACHE_TTL_MS: "0", RATE_LIMIT_MAX: "100000" }, driver);
  });
  afterAll(() => t.close());

  type RegisterOptions = {
    timestamp?: number;
    coinType?: number;
    signer?: LocalAccount;
    address?: Address;
    message?: string;
  };
  async function register(account: LocalAccount, name: string, options: RegisterOptions = {}) {
    const message =
      options.message ?? JSON.stringify({ name, attributes: {}, timestamp: options.timestamp ?? nowSeconds() });
    const signature = await (options.signer ?? account).signMessage({ message });
    return t.app.inject({
      method: "POST",
      url: "/v1/profile/account",
      payload: {
        coin_type: options.coinType ?? LOCAL,
        address: options.address ?? account.address,
        message,
        signature,
      },
    });
  }
  const expectReason = (response: { statusCode: number; json(): unknown }, status: number, text: string | RegExp) => {
    expect(response.statusCode).toBe(status);
    const body = response.json() as { message: string; error: string; statusCode: number; reasons: unknown };
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(text);
    expect(body.error).toBe(body.message);
    expect(body.reasons).toEqual([{ description: body.message }]);
  };

  it("registers a name, case-folded, and reads it by name and by address", async () => {
    const alice = newAccount();
    const before = nowSeconds();
    const created = await register(alice, "Alice.Fundament");
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({
      name: "alice.fundament",
      addresses: { [String(LOCAL)]: { address: alice.address } },
      attributes: {},
    });
    expect(record.registered).toBeGreaterThanOrEqual(before - 1);
    expect(record.updated).toBe(record.registered);

    const byName = await t.app.inject("/v1/profile/account/ALICE.fundament?apiVersion=2");
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual(record);
    expect((await t.app.inject("/v1/profile/account/alice")).json()).toEqual(record);
    const reverse = await t.app.inject(`/v1/profile/reverse/${alice.address.toLowerCase()}?sender=x&apiVersion=2`);
    expect(reverse.json()).toEqual([record]);
    expect(await readName(t.database.db, "alice.FUNDAMENT")).toEqual(record);
  });

  it("answers 404 with a reason for an unknown name and [] for an address without one", async () => {
    expectReason(
      await t.app.inject("/v1/profile/account/nobody-here.fundament"),
      404,
      "Name nobody-here.fundament is not registered",
    );
    const reverse = await t.app.inject(`/v1/profile/reverse/${newAccount().address}`);
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json()).toEqual([]);
    expectReason(await t.app.inject("/v1/profile/reverse/0x1234"), 400, /address must be a 0x address/);
  });

  it("refuses a replayed message (the same message twice)", async () => {
    const carol = newAccount();
    const message = JSON.stringify({ name: "carol.fundament", attributes: {}, timestamp: nowSeconds() });
    expect((await register(carol, "", { message })).statusCode).toBe(201);
    expectReason(await register(carol, "", { message }), 400, REGISTRATION_REPLAYED);
  });

  it("refuses a message not newer than the address's last registration", async () => {
    const dave = newAccount();
    const timestamp = nowSeconds();
    expect((await register(dave, "dave.fundament", { timestamp })).statusCode).toBe(201);
    expectReason(await register(dave, "dave2.fundament", { timestamp: timestamp - 5 }), 400, REGISTRATION_REPLAYED);
    expect((await t.app.inject(`/v1/profile/reverse/${dave.address}`)).json()[0].name).toBe("dave.fundament");
  });

  it("refuses a forged signature (another key signed) and stores nothing", async () => {
    const victim = newAccount();
    const forger = newAccount();
    expectReason(await register(victim, "victim.fundament", { signer: forger }), 401, /signature/);
    expectReason(await t.app.inject("/v1/profile/account/victim.fundament"), 404, /not registered/);
    const [used] = await t.database.db
      .select({ n: count() })
      .from(nameRegistrations)
      .where(eq(nameRegistrations.address, victim.address.toLowerCase()));
    expect(used?.n).toBe(0);
  });

  it("refuses a stale or future timestamp", async () => {
    const erin = newAccount();
    const stale = nowSeconds() - REGISTRATION_WINDOW_SECONDS - 60;
    expectReason(await register(erin, "erin.fundament", { timestamp: stale }), 400, /too old or in the future/);
    const future = nowSeconds() + REGISTRATION_WINDOW_SECONDS + 60;
    expectReason(await register(erin, "erin.fundament", { timestamp: future }), 400, /too old or in the future/);
  });

  it("refuses a taken name with 409 'Name {name} is taken'", async () => {
    const first = newAccount();
    const second = newAccount();
    expect((await register(first, "frank.fundament")).statusCode).toBe(201);
    expectReason(await register(second, "FRANK.fundament"), 409, "Name frank.fundament is taken");
  });

  it("gives a name raced for by two addresses to one of them only (409 for the other)", async () => {
    const answers = await Promise.all([
      register(newAccount(), "race.fundament"),
      register(newAccount(), "race.fundament"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(names).where(eq(names.name, "race.fundament"));
    expect(rows).toHaveLength(1);
  });

  it("keeps one name for an address registering two at once", async () => {
    const racer = newAccount();
    const now = nowSeconds();
    const answers = await Promise.all([
      register(racer, "racer-a.fundament", { timestamp: now - 1 }),
      register(racer, "racer-b.fundament", { timestamp: now }),
    ]);
    expect(answers.some((a) => a.statusCode === 201)).toBe(true);
    for (const answer of answers) expect([201, 400]).toContain(answer.statusCode);
    const rows = await t.database.db.select().from(names).where(eq(names.address, racer.address.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it("refuses reserved names, bad labels and another zone", async () => {
    const gina = newAccount();
    expectReason(await register(gina, "admin.fundament"), 400, "Name admin.fundament is reserved");
    expectReason(await register(gina, "Support.fundament"), 400, "Name support.fundament is reserved");
    expectReason(await register(gina, "abc.fundament"), 400, "A name must be at least 4 characters");
    expectReason(await register(gina, "gi_na.fundament"), 400, "A name may contain only letters, digits and hyphens");
    expectReason(await register(gina, "gina.eth"), 400, "Names end in .fundament; gina.eth is in another zone");
    expectReason(await register(gina, "", { message: "not json" }), 400, /JSON text/);
  });

  it("refuses names ENS clients cannot resolve and reserved look-alikes, each with its reason", async () => {
    const refused: [string, string][] = [
      ["xn--80ak6aa92e", "A name may not have hyphens as its 3rd and 4th characters (ENS reserves them, as in xn--)"],
      ["----", "A name may not start or end with a hyphen"],
      ["ab--cd", "A name may not have hyphens as its 3rd and 4th characters (ENS reserves them, as in xn--)"],
      ["adm1n", "Name adm1n.fundament looks like admin and would pass for the operator, so it is reserved"],
      [
        "fundament-support",
        "Name fundament-support.fundament contains fundament, the operator's name, so it is reserved",
      ],
    ];
    for (const [label, reason] of refused)
      expectReason(await register(newAccount(), `${label}.fundament`), 400, reason);
    for (const label of ["xn--80ak6aa92e", "ab--cd", "----"]) {
      const response = await t.app.inject(`/v1/profile/suggestions/${label}`);
      expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
    }
    // A look-alike counts as registered, and gets no alternatives (each would pass for the operator too).
    const lookalike = await t.app.inject("/v1/profile/suggestions/adm1n");
    expect(lookalike.json()).toEqual({ suggestions: [{ name: "adm1n.fundament", registered: true }] });
    const rows = await t.database.db.select({ n: count() }).from(names).where(eq(names.name, "adm1n.fundament"));
    expect(rows[0]?.n).toBe(0);
  });

  it("still registers ordinary names", async () => {
    for (const label of ["teamwork", "information", "mailbox", "bob-1", "hello-world", "alice-smith"]) {
      const response = await register(newAccount(), `${label}.fundament`);
      expect({ label, status: response.statusCode }).toEqual({ label, status: 201 });
    }
  });

  it("refuses a coin type whose chain id is 2147483648 or more with 'Invalid chainId', and unknown chains", async () => {
    const hank = newAccount();
    expectReason(await register(hank, "hank.fundament", { coinType: 2 * COIN_TYPE_OFFSET }), 400, INVALID_CHAIN_ID);
    expectReason(await register(hank, "hank.fundament", { coinType: 0 }), 400, /not the coin type of an EVM chain/);
    expectReason(
      await register(hank, "hank.fundament", { coinType: coinTypeOf(10) }),
      400,
      "Chain 10 is not supported for names",
    );
    expectReason(
      await register(hank, "hank.fundament", { coinType: COIN_TYPE_OFFSET + 1 }),
      400,
      "Use coin type 60 for chain 1",
    );
    // 60 (Ethereum) is accepted on any chain the API knows.
    expect((await register(hank, "hank.fundament", { coinType: 60 })).json().addresses).toEqual({
      "60": { address: hank.address },
    });
  });

  it("replaces an address's old name in one step: the old one is free again", async () => {
    const ivy = newAccount();
    expect((await register(ivy, "ivy-old.fundament", { timestamp: nowSeconds() - 2 })).statusCode).toBe(201);
    const replaced = await register(ivy, "ivy-new.fundament");
    expect(replaced.statusCode).toBe(201);
    expectReason(await t.app.inject("/v1/profile/account/ivy-old.fundament"), 404, /not registered/);
    expect(
      (await t.app.inject(`/v1/profile/reverse/${ivy.address}`)).json().map((r: { name: string }) => r.name),
    ).toEqual(["ivy-new.fundament"]);
    const rows = await t.database.db.select().from(names).where(eq(names.address, ivy.address.toLowerCase()));
    expect(rows).toHaveLength(1);
    // Someone else may now take the old name.
    expect((await register(newAccount(), "ivy-old.fundament")).statusCode).toBe(201);
  });

  it("suggests the asked name with its flag, then only free alternatives", async () => {
    const owner = newAccount();
    expect((await register(owner, "jack.fundament", { timestamp: nowSeconds() - 3 })).statusCode).toBe(201);
    expect((await register(newAccount(), "jack1.fundament")).statusCode).toBe(201);
    expect((await register(newAccount(), "jack-1.fundament")).statusCode).toBe(201);
    const response = await t.app.inject("/v1/profile/suggestions/Jack?zone=fundament");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      suggestions: [
        { name: "jack.fundament", registered: true },
        { name: "jack2.fundament", registered: false },
        { name: "jack3.fundament", registered: false },
        { name: "jack-2.fundament", registered: false },
        { name: "jack-3.fundament", registered: false },
        { name: "jack4.fundament", registered: false },
      ],
    });
    const free = await t.app.inject("/v1/profile/suggestions/unused-name.fundament");
    expect(free.json().suggestions[0]).toEqual({ name: "unused-name.fundament", registered: false });
    expect(free.json().suggestions).toHaveLength(6);
    const reserved = await t.app.inject("/v1/profile/suggestions/admin");
    expect(reserved.json().suggestions[0]).toEqual({ name: "admin.fundament", registered: true });
    expectReason(await t.app.inject("/v1/profile/suggestions/abc"), 400, "A name must be at least 4 characters");
    expectReason(await t.app.inject("/v1/profile/suggestions/jack?zone=eth"), 400, /zone fundament, not eth/);
  });

  it("identity: null without a name, the name right after registering (no stale cache, no browser cache)", async () => {
    const kim = newAccount();
    const url = `/v1/identity/${kim.address}?sender=${kim.address}`;
    const before = await t.app.inject(url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ name: null, avatar: null });
    expect(before.headers["cache-control"]).toBe("no-cache");
    expect((await register(kim, "kim-k.fundament")).statusCode).toBe(201);
    const after = await t.app.inject(`/v1/identity/${kim.address.toLowerCase()}`);
    expect(after.json()).toEqual({ name: "kim-k.fundament", avatar: null });
    expectReason(await t.app.inject("/v1/identity/not-an-address"), 400, /address must be a 0x address/);
  });

  it("stores addresses lowercase and answers them checksummed", async () => {
    const lee = newAccount();
    const response = await register(lee, "lee-l.fundament", { address: lee.address.toLowerCase() as Address });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(names).where(eq(names.name, "lee-l.fundament"));
    expect(row?.address).toBe(lee.address.toLowerCase());
    expect(response.json().addresses[String(LOCAL)].address).toBe(getAddress(lee.address));
  });

  it("gives validation errors of the body with reasons too", async () => {
    const response = await t.app.inject({ method: "POST", url: "/v1/profile/account", payload: { coin_type: "x" } });
    expectReason(response, 400, /^Invalid body: /);
  });
});

describe("identity through ENS", () => {
  it("turns a failing or hanging ENS look-up into null", async () => {
    expect(await withinOrNull(() => Promise.reject(new Error("down")), 1_000)).toBeNull();
    expect(await withinOrNull(() => new Promise<string>(() => {}), 5)).toBeNull();
    expect(await withinOrNull(async () => "alice.eth", 1_000)).toBe("alice.eth");
  });

  it("answers 200 with nulls when ENS_RPC_URL does not answer", async () => {
    const t = await testApp({ ENS_RPC_URL: "http://127.0.0.1:9/", CACHE_TTL_MS: "0" });
    try {
      const response = await t.app.inject(`/v1/identity/${newAccount().address}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: null, avatar: null });
    } finally {
      await t.close();
    }
  });
});
