import { FEATURED_WALLETS_COUNT, WALLET_PAGE_SIZE, WALLET_SEARCH_LIMIT } from "../core/constants.js";
import { type DirectoryWallet, defaultFeaturedWalletIds, walletDirectory } from "./walletDirectory.js";

export type GetWalletsParameters = {
  /** 1-based page. */
  page?: number | undefined;
  entries?: number | undefined;
  search?: string | undefined;
  include?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
  /** Only wallets supporting one of these CAIP-2 chains. */
  chains?: readonly string[] | undefined;
  /** rdns of wallets announced through EIP-6963 in this page: they come first. */
  announcedRdns?: readonly string[] | undefined;
  directory?: readonly DirectoryWallet[] | undefined;
};

export type GetWalletsReturnType = { data: DirectoryWallet[]; count: number };

function filterWallets(p: GetWalletsParameters): DirectoryWallet[] {
  const directory = p.directory ?? walletDirectory;
  const announced = new Set(p.announcedRdns ?? []);
  const query = p.search?.trim().toLowerCase();
  const filtered = directory.filter(
    (w) =>
      (!p.include?.length || p.include.includes(w.id)) &&
      !p.exclude?.includes(w.id) &&
      (!p.chains?.length || w.chains.some((c) => p.chains?.includes(c))) &&
      (!query || w.name.toLowerCase().includes(query) || w.id.includes(query)),
  );
  // Announced (installed) wallets first; otherwise the directory order.
  return filtered
    .map((w, index) => ({ w, index, rank: w.rdns && announced.has(w.rdns) ? 0 : 1 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.w);
}

/** A page of the bundled directory: 40 a page. */
export function getWallets(p: GetWalletsParameters = {}): GetWalletsReturnType {
  const all = filterWallets({ ...p, search: undefined });
  const entries = p.entries ?? WALLET_PAGE_SIZE;
  const page = Math.max(1, p.page ?? 1);
  return { data: all.slice((page - 1) * entries, page * entries), count: all.length };
}

/** A search of the directory: up to 100 entries. */
export function searchWallets(p: GetWalletsParameters & { search: string }): GetWalletsReturnType {
  const found = filterWallets(p);
  return { data: found.slice(0, Math.min(p.entries ?? WALLET_SEARCH_LIMIT, WALLET_SEARCH_LIMIT)), count: found.length };
}

/** The featured wallets (4 by default), skipping those already installed (they are listed as installed). */
export function getFeaturedWallets(
  p: {
    featuredIds?: readonly string[];
    announcedRdns?: readonly string[];
    count?: number;
    directory?: readonly DirectoryWallet[];
  } = {},
): DirectoryWallet[] {
  const directory = p.directory ?? walletDirectory;
  const announced = new Set(p.announcedRdns ?? []);
  const ids = p.featuredIds ?? defaultFeaturedWalletIds;
  return ids
    .map((id) => directory.find((w) => w.id === id))
    .filter((w): w is DirectoryWallet => Boolean(w) && !(w?.rdns && announced.has(w.rdns)))
    .slice(0, p.count ?? FEATURED_WALLETS_COUNT);
}

/** Where an absent wallet is installed or opened: a deep link on mobile, else its webapp, else its homepage. */
export function getWalletLink(wallet: DirectoryWallet, p: { isMobile: boolean; uri?: string | undefined }): string {
  if (p.isMobile && wallet.mobile_link) {
    return p.uri ? `${wallet.mobile_link}wc?uri=${encodeURIComponent(p.uri)}` : wallet.mobile_link;
  }
  if (!p.isMobile && wallet.desktop_link && p.uri) return `${wallet.desktop_link}wc?uri=${encodeURIComponent(p.uri)}`;
  return wallet.webapp_link ?? wallet.homepage;
}
