import { describe, expect, it } from "vitest";
import { getFeaturedWallets, getWalletLink, getWallets, searchWallets } from "./getWallets.js";
import { addRecentWallet, getRecentWallets, RECENT_WALLETS_KEY } from "./recentWallets.js";
import { type DirectoryWallet, walletDirectory } from "./walletDirectory.js";

const big: DirectoryWallet[] = Array.from({ length: 130 }, (_, i) => ({
  ...(walletDirectory[0] as DirectoryWallet),
  id: `w${i}`,
  name: `Wallet ${i}`,
  rdns: `test.w${i}`,
}));

describe("bundled directory", () => {
  it("holds a dozen or more wallets with inline icons only", () => {
    expect(walletDirectory.length).toBeGreaterThanOrEqual(12);
    for (const w of walletDirectory) {
      expect(w.image_url.startsWith("data:image/svg+xml,")).toBe(true);
      expect(w.id).toMatch(/^[a-z0-9-]+$/);
    }
    expect(new Set(walletDirectory.map((w) => w.id)).size).toBe(walletDirectory.length);
  });
});

describe("getWallets paging", () => {
  it.each([
    [1, 40, "w0", "w39"],
    [2, 40, "w40", "w79"],
    [4, 10, "w120", "w129"],
    [5, 0, undefined, undefined],
  ])("page %i has %i wallets", (page, length, first, last) => {
    const { data, count } = getWallets({ page, directory: big });
    expect(count).toBe(130);
    expect(data).toHaveLength(length);
    expect(data[0]?.id).toBe(first);
    expect(data.at(-1)?.id).toBe(last);
  });

  it("announced wallets come first", () => {
    const { data } = getWallets({ announcedRdns: ["com.trustwallet.app", "io.rabby"] });
    expect(data.slice(0, 3).map((w) => w.id)).toEqual(["rabby", "trust", "metamask"]);
  });

  it("include, exclude and chain filters", () => {
    expect(getWallets({ include: ["safe", "frame"] }).data.map((w) => w.id)).toEqual(["safe", "frame"]);
    expect(getWallets({ exclude: ["metamask"] }).data.map((w) => w.id)).not.toContain("metamask");
    expect(getWallets({ chains: ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"] }).data.map((w) => w.id)).toEqual([
      "phantom",
    ]);
  });
});

describe("searchWallets", () => {
  it("matches case-insensitively and returns at most 100", () => {
    const { data, count } = searchWallets({ search: "WALLET", directory: big });
    expect(count).toBe(130);
    expect(data).toHaveLength(100);
    expect(searchWallets({ search: "rain" }).data.map((w) => w.id)).toEqual(["rainbow"]);
    expect(searchWallets({ search: "zzz" }).data).toEqual([]);
  });
});

describe("getFeaturedWallets", () => {
  it("shows 4, skipping installed ones", () => {
    expect(getFeaturedWallets().map((w) => w.id)).toEqual(["metamask", "coinbase", "rabby", "trust"]);
    expect(getFeaturedWallets({ announcedRdns: ["io.metamask"] }).map((w) => w.id)).toEqual([
      "coinbase",
      "rabby",
      "trust",
      "rainbow",
    ]);
  });
});

describe("getWalletLink", () => {
  const metamask = walletDirectory.find((w) => w.id === "metamask") as DirectoryWallet;
  const safe = walletDirectory.find((w) => w.id === "safe") as DirectoryWallet;
  it.each([
    [metamask, true, undefined, "metamask://"],
    [metamask, true, "wc:abc@2", "metamask://wc?uri=wc%3Aabc%402"],
    [metamask, false, undefined, "https://metamask.io/download/"],
    [safe, false, undefined, "https://app.safe.global"],
    [safe, true, undefined, "https://app.safe.global"],
  ])("%#", (wallet, isMobile, uri, expected) => {
    expect(getWalletLink(wallet, { isMobile, uri })).toBe(expected);
  });
});

describe("recent wallets", () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  }
  it("keeps the 2 most recent, newest first, without duplicates", () => {
    const storage = memoryStorage();
    expect(getRecentWallets(storage)).toEqual([]);
    addRecentWallet("metamask", storage);
    addRecentWallet("rabby", storage);
    addRecentWallet("metamask", storage);
    expect(getRecentWallets(storage)).toEqual(["metamask", "rabby"]);
    addRecentWallet("trust", storage);
    expect(getRecentWallets(storage)).toEqual(["trust", "metamask"]);
    expect(JSON.parse(storage.map.get(RECENT_WALLETS_KEY) ?? "")).toEqual(["trust", "metamask"]);
  });
  it("survives corrupt storage", () => {
    const storage = memoryStorage();
    storage.setItem(RECENT_WALLETS_KEY, "{not json");
    expect(getRecentWallets(storage)).toEqual([]);
  });
});
