import { describe, expect, it } from "vitest";
import { loadOnce } from "./loadOnce.js";

describe("loadOnce", () => {
  it("loads once for every caller, and again after a failed load", async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls += 1;
      if (fail) throw new Error("chunk not fetched");
      return calls;
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow("chunk not fetched");
    expect(calls).toBe(1);
    fail = false;
    expect(await Promise.all([load(), load()])).toEqual([2, 2]);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
