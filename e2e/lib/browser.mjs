// @ts-check
/**
 * Debian's Chromium through playwright-core (installed with apt-get when missing), pages with the
 * test wallet injected through EIP-6963, a record of every request the page makes, and screenshots.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "@fundament/scripts/lib/ensure-chromium";
import { ROOT } from "@fundament/scripts/lib/paths";
import { buildSync, transformSync } from "esbuild";
import { chromium } from "playwright-core";

export const SCREENSHOTS_DIR = join(ROOT, "docs", "screenshots");

/** Flags this machine's closed network needs (see DESIGN.md, toolchain facts). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser() {
  const executablePath = ensureChromium({ quiet: true });
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The wallet package's `installTestWallet`, compiled to plain JS once (no tsx helpers such as
 * `__name`, which do not exist in the page).
 */
const testWalletSource = (() => {
  const file = join(ROOT, "packages", "wallet", "src", "testing", "installTestWallet.ts");
  const { code } = transformSync(readFileSync(file, "utf8"), { loader: "ts", format: "esm", target: "es2022" });
  return code.replace(/^export\s+/gm, "");
})();

/** @type {string | undefined} */
let solanaTestWalletBundle;

/**
 * The wallet package's `installSolanaTestWallet` (a Wallet Standard wallet) bundled with @solana/kit into one IIFE
 * that defines `__fundamentSolanaTestWalletModule` in the page; built on first use.
 */
function solanaTestWalletSource() {
  solanaTestWalletBundle ??= buildSync({
    entryPoints: [join(ROOT, "packages", "wallet", "src", "testing", "installSolanaTestWallet.ts")],
    bundle: true,
    format: "iife",
    globalName: "__fundamentSolanaTestWalletModule",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  }).outputFiles?.[0]?.text;
  if (!solanaTestWalletBundle) throw new Error("esbuild gave no bundle of installSolanaTestWallet.ts");
  return solanaTestWalletBundle;
}

/**
 * @typedef {object} SolanaWalletOptions the Solana test wallet (Wallet Standard), signing with a local dev account
 * @property {string} rpcUrl the Solana JSON-RPC it sends through
 * @property {number[]} secretKey the dev account's 64-byte keypair (seed + public key)
 * @property {string} [genesisHash] names its local chain (asked from the RPC when absent)
 */

/**
 * @typedef {object} WalletPageOptions
 * @property {string} rpcUrl anvil's URL; the test wallet forwards JSON-RPC there
 * @property {number} [accountIndex] which anvil dev account the wallet exposes (default 0)
 * @property {number} [chainId] the chain the wallet reports at first (default 31337)
 * @property {number[]} [switchableChainIds]
 * @property {boolean} [wallet] inject the test wallet (default true)
 * @property {boolean} [batching] the test wallet offers EIP-5792 batching (default: the wallet's, off)
 * @property {boolean} [typedData] the test wallet signs EIP-712 typed data (default: the wallet's, on)
 * @property {{ width: number, height: number }} [viewport] default 1280×860; a phone is 390×844
 * @property {SolanaWalletOptions} [solanaWallet] also install the Solana test wallet (window.__fundamentSolanaTestWallet
 * once it has registered)
 */

/**
 * A fresh browser context and page, with the test wallet announced through EIP-6963 and every
 * request's URL recorded in `requests`.
 * @param {import("playwright-core").Browser} browser
 * @param {WalletPageOptions} options
 */
export async function openPage(browser, options) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 860 },
    ...(options.viewport && options.viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  if (options.wallet !== false) {
    const walletOptions = {
      rpcUrl: options.rpcUrl,
      accountIndex: options.accountIndex ?? 0,
      chainId: options.chainId ?? 31337,
      switchableChainIds: options.switchableChainIds ?? [31337],
      name: "Test Wallet",
      rdns: "org.fundament.testwallet",
      ...(options.batching === undefined ? {} : { batching: options.batching }),
      ...(options.typedData === undefined ? {} : { typedData: options.typedData }),
    };
    await page.addInitScript({ content: `${testWalletSource};\ninstallTestWallet(${JSON.stringify(walletOptions)});` });
  }
  if (options.solanaWallet) {
    const { secretKey, ...rest } = options.solanaWallet;
    await page.addInitScript({
      content: `${solanaTestWalletSource()};
__fundamentSolanaTestWalletModule
  .installSolanaTestWallet({ ...${JSON.stringify(rest)}, secretKey: Uint8Array.from(${JSON.stringify(secretKey)}) })
  .then((wallet) => { window.__fundamentSolanaTestWallet = wallet; });`,
    });
  }
  /** @type {string[]} */
  const requests = [];
  page.on("request", (request) => {
    requests.push(request.url());
  });
  /** @type {string[]} */
  const errors = [];
  page.on("pageerror", (error) => {
    errors.push(String(error));
  });
  return { context, page, requests, errors };
}

/**
 * Hosts other than localhost that the page asked for.
 * @param {string[]} urls
 */
export function foreignHosts(urls) {
  const hosts = new Set();
  for (const url of urls) {
    if (!/^https?:/.test(url)) continue;
    const { hostname } = new URL(url);
    if (hostname !== "127.0.0.1" && hostname !== "localhost" && hostname !== "[::1]") hosts.add(hostname);
  }
  return [...hosts];
}

/**
 * Saves a full-page screenshot as docs/screenshots/<name>.png, scrolled to the top first.
 * @param {import("playwright-core").Page} page
 * @param {string} name
 */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  // From the top: a page scrolled down would show its sticky header part-way down the full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}
