// @ts-check
/**
 * Serves the web app's production build (apps/web/dist) with the runtime `/config.json` the app
 * reads at start (chain, RPC, API and deployment). Unknown paths get index.html, so client-side
 * routes survive a reload. Static files come through sirv (immutable caching for hashed assets).
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sirv from "sirv";
import { ROOT } from "./paths.mjs";

export const WEB_DIST_DIR = join(ROOT, "apps", "web", "dist");

/**
 * @typedef {object} WebConfig what the app fetches from /config.json
 * @property {number} chainId
 * @property {string} rpcUrl
 * @property {string} apiUrl
 * @property {{ chainId: number, investmentFund: string, fundGovernor?: string, fundTimelock?: string, investmentToken: string, deploymentBlock: number | string, entryPoint?: string, accountFactory?: string, fundPaymaster?: string, bundlerUrl?: string, tokens?: { address: string, symbol: string, name: string, decimals: number }[] }} deployment
 * @property {string} [walletConnectProjectId]
 * @property {boolean} [coinbaseWallet]
 * @property {{ rpcUrl: string, genesisHash?: string, mint?: { address: string, symbol: string, name?: string, decimals: number } }} [solana] the wallet's Solana family: its JSON-RPC, network and SPL token
 * @property {{ frameUrl: string, socialProviders?: string[], farcaster?: boolean }} [embedded] the embedded wallet: its secure frame and login methods
 */

/**
 * @param {{ port: number, host?: string, config: WebConfig, distDir?: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveWeb({ port, host = "127.0.0.1", config, distDir = WEB_DIST_DIR }) {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error(`${distDir}/index.html is missing: build the web app first (npm run build -w @fundament/web)`);
  }
  const body = JSON.stringify(config);
  const assets = sirv(distDir, { single: true, etag: true, gzip: false, immutable: true, dev: false });
  const server = createServer((request, response) => {
    if (request.url === "/config.json" || request.url?.startsWith("/config.json?")) {
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(body);
      return;
    }
    assets(request, response, () => {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("Not found");
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
