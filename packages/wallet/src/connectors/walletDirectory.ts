import { BRAND_MARKS } from "../core/brandMarks.generated.js";
import { walletIcon } from "./walletIcon.js";

/** A wallet of the bundled directory (spec section 3, with the icon inlined). */
export type DirectoryWallet = {
  id: string;
  name: string;
  rdns: string | null;
  /** CAIP-2 chains the wallet supports. */
  chains: string[];
  /** Deep link scheme for mobile; `null` when the wallet has no mobile app. */
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  /** Where to install it when it is absent. */
  homepage: string;
  /** Inline data URI, never a remote URL. */
  image_url: string;
  image_id: string;
};

const EVM = ["eip155:1", "eip155:10", "eip155:137", "eip155:8453", "eip155:42161", "eip155:11155111"];

function wallet(
  w: Omit<DirectoryWallet, "image_url" | "image_id" | "chains"> & {
    chains?: string[];
    icon: [string, string] | [string, string, string];
    /** The wallet's mark (Simple Icons, CC0) where it has one; the monogram otherwise. */
    mark?: string;
  },
): DirectoryWallet {
  const { icon, chains, mark, ...rest } = w;
  const image_url = walletIcon(icon[0], icon[1], icon[2], mark);
  return { ...rest, chains: chains ?? EVM, image_id: w.id, image_url };
}

/** The bundled wallet directory: well-known wallets, served locally. */
export const walletDirectory: readonly DirectoryWallet[] = [
  wallet({
    id: "metamask",
    name: "MetaMask",
    rdns: "io.metamask",
    mobile_link: "metamask://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://metamask.io/download/",
    icon: ["M", "#F6851B"],
  }),
  wallet({
    id: "coinbase",
    name: "Coinbase Wallet",
    rdns: "com.coinbase.wallet",
    mobile_link: "cbwallet://",
    desktop_link: null,
    webapp_link: "https://keys.coinbase.com",
    homepage: "https://www.coinbase.com/wallet/downloads",
    icon: ["C", "#0052FF"],
    mark: BRAND_MARKS.coinbase,
  }),
  wallet({
    id: "rabby",
    name: "Rabby Wallet",
    rdns: "io.rabby",
    mobile_link: "rabby://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://rabby.io",
    icon: ["R", "#7084FF"],
  }),
  wallet({
    id: "trust",
    name: "Trust Wallet",
    rdns: "com.trustwallet.app",
    mobile_link: "trust://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://trustwallet.com/download",
    icon: ["T", "#0500FF"],
  }),
  wallet({
    id: "rainbow",
    name: "Rainbow",
    rdns: "me.rainbow",
    mobile_link: "rainbow://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://rainbow.me/download",
    icon: ["R", "#174299"],
  }),
  wallet({
    id: "phantom",
    name: "Phantom",
    rdns: "app.phantom",
    chains: [...EVM, "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
    mobile_link: "phantom://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://phantom.com/download",
    icon: ["P", "#AB9FF2"],
  }),
  wallet({
    id: "okx",
    name: "OKX Wallet",
    rdns: "com.okex.wallet",
    mobile_link: "okex://main",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://www.okx.com/web3",
    icon: ["OK", "#000000"],
    mark: BRAND_MARKS.okx,
  }),
  wallet({
    id: "zerion",
    name: "Zerion",
    rdns: "io.zerion.wallet",
    mobile_link: "zerion://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://zerion.io/download",
    icon: ["Z", "#2962EF"],
  }),
  wallet({
    id: "brave",
    name: "Brave Wallet",
    rdns: "com.brave.wallet",
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: "https://brave.com/wallet/",
    icon: ["B", "#FB542B"],
    mark: BRAND_MARKS.brave,
  }),
  wallet({
    id: "ledger",
    name: "Ledger Live",
    rdns: "com.ledger",
    mobile_link: "ledgerlive://",
    desktop_link: "ledgerlive://",
    webapp_link: null,
    homepage: "https://www.ledger.com/ledger-live",
    icon: ["L", "#1C1D1F"],
  }),
  wallet({
    id: "safe",
    name: "Safe",
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: "https://app.safe.global",
    homepage: "https://safe.global",
    icon: ["S", "#12FF80", "#121312"],
  }),
  wallet({
    id: "uniswap",
    name: "Uniswap Wallet",
    rdns: "org.uniswap.app",
    mobile_link: "uniswap://",
    desktop_link: null,
    webapp_link: null,
    homepage: "https://wallet.uniswap.org",
    icon: ["U", "#FF007A"],
  }),
  wallet({
    id: "frame",
    name: "Frame",
    rdns: "sh.frame",
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: "https://frame.sh",
    icon: ["F", "#252526"],
  }),
  wallet({
    id: "taho",
    name: "Taho",
    rdns: "xyz.taho",
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    homepage: "https://taho.xyz",
    icon: ["T", "#D08E39"],
  }),
];

/** Wallets featured by default, in order. */
export const defaultFeaturedWalletIds = ["metamask", "coinbase", "rabby", "trust", "rainbow"] as const;
