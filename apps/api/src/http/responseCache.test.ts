import { describe, expect, it } from "vitest";
import { ResponseCache } from "./responseCache.js";

const body = (n: number, bytes: number) => `"${String(n).padEnd(bytes - 2, "x")}"`;

describe("ResponseCache", () => {
  it("holds its byte cap under many distinct keys, dropping the least recently used first", () => {
    const cache = new ResponseCache(60_000, 10_000);
    for (let i = 0; i < 5_000; i++) {
      cache.set(`key-${i}`, body(i, 700));
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
      if (i % 5 === 0) expect(cache.get("key-0")).toBe(body(0, 700)); // kept alive by use
    }
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.get("key-0")).toBe(body(0, 700));
    expect(cache.get("key-1")).toBeUndefined();
    expect(cache.get("key-4999")).toBe(body(4999, 700));
    // A body larger than the whole cap is not stored, and evicts nothing.
    const before = cache.size;
    cache.set("huge", body(1, 20_000));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.size).toBe(before);
  });

  it("counts bytes in UTF-8, and replaces a key's body without counting it twice", () => {
    const cache = new ResponseCache(60_000, 1_000);
    cache.set("k", "é".repeat(100));
    expect(cache.bytes).toBe(201);
    cache.set("k", "é".repeat(100));
    expect(cache.bytes).toBe(201);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("builds once for N concurrent misses of a key, and stores the result", async () => {
    const cache = new ResponseCache(60_000);
    let builds = 0;
    let release: (value: string) => void = () => {};
    const build = () => {
      builds++;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const waiting = Array.from({ length: 100 }, () => cache.getOrBuild("futures", build));
    const other = cache.getOrBuild("nft-lending", async () => "other");
    release('{"a":1}');
    expect(await Promise.all(waiting)).toEqual(Array(100).fill('{"a":1}'));
    expect(builds).toBe(1);
    expect(await other).toBe("other");
    expect(await cache.getOrBuild("futures", build)).toBe('{"a":1}');
    expect(builds).toBe(1);
  });

  it("passes a failed build to every waiter and stores nothing; the next miss builds again", async () => {
    const cache = new ResponseCache(60_000);
    let builds = 0;
    const failing = async () => {
      builds++;
      throw new Error("database down");
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => cache.getOrBuild("k", failing)));
    expect(results.every((r) => r.status === "rejected" && (r.reason as Error).message === "database down")).toBe(true);
    expect(builds).toBe(1);
    expect(await cache.getOrBuild("k", async () => "ok")).toBe("ok");
  });

  it("does not store a build that a clear overtook, and starts a fresh one after the clear", async () => {
    const cache = new ResponseCache(60_000);
    let release: (value: string) => void = () => {};
    const stale = cache.getOrBuild("k", () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear(); // a sync wrote while the page was being read
    const fresh = cache.getOrBuild("k", async () => "fresh");
    release("stale");
    expect(await stale).toBe("stale");
    expect(await fresh).toBe("fresh");
    expect(cache.get("k")).toBe("fresh");
  });

  it("expires entries after the TTL, and builds every time with a TTL of 0", async () => {
    const cache = new ResponseCache(20);
    cache.set("k", "v");
    expect(cache.get("k")).toBe("v");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get("k")).toBeUndefined();
    expect(cache.bytes).toBe(0);

    const off = new ResponseCache(0);
    let builds = 0;
    await Promise.all([1, 2, 3].map(() => off.getOrBuild("k", async () => String(++builds))));
    expect(builds).toBe(3);
    expect(off.size).toBe(0);
  });

  it("refuses a negative TTL or byte cap", () => {
    expect(() => new ResponseCache(-1)).toThrow(RangeError);
    expect(() => new ResponseCache(1000, -5)).toThrow(RangeError);
  });
});
