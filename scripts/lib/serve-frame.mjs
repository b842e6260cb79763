// @ts-check
/**
 * Serves the embedded wallet's secure frame (apps/frame/dist) on an origin of its own, with the runtime `/config.json`
 * it reads at start and a strict Content-Security-Policy on every answer: scripts and styles only from this origin,
 * network calls only to the API and the chains' RPC nodes, and embedding only by the app's origins.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sirv from "sirv";
import { ROOT } from "./paths.mjs";

export const FRAME_DIST_DIR = join(ROOT, "apps", "frame", "dist");

/**
 * @typedef {object} FrameConfig what the frame fetches from /config.json
 * @property {string} apiUrl
 * @property {string[]} parentOrigins the app origins allowed to embed the frame and talk to it
 * @property {{ id: number, name: string, rpcUrl: string }[]} chains
 * @property {{ address: string, name: string, abi: "investmentFund" | "fundGovernor" | "fundTimelock" | "fundPaymaster" | "erc20" | "uniswapV2Router" }[]} [knownContracts]
 */

/**
 * The origin of an http(s) URL; anything else is refused, since it would end up inside the CSP header.
 * @param {string} value
 * @param {string} what
 */
function httpOrigin(value, what) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`frame config: ${what} is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`frame config: ${what} must be http(s)`);
  return url.origin;
}

/**
 * The frame's CSP. connect-src lists the API's and RPC nodes' origins; frame-ancestors the app origins ('none' without).
 * @param {FrameConfig} config
 */
export function frameCsp(config) {
  const connect = new Set(["'self'", httpOrigin(config.apiUrl, "apiUrl")]);
  for (const chain of config.chains) connect.add(httpOrigin(chain.rpcUrl, `rpcUrl of chain ${chain.id}`));
  const ancestors = config.parentOrigins.map((origin) => httpOrigin(origin, "parentOrigins"));
  return [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src ${[...connect].join(" ")}`,
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(" ") : "'none'"}`,
    "style-src 'self'",
    "img-src 'self' data:",
    // Not covered by default-src: no <base> rewrites, no form posts anywhere.
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/**
 * @param {{ port: number, host?: string, config: FrameConfig, distDir?: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveFrame({ port, host = "127.0.0.1", config, distDir = FRAME_DIST_DIR }) {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error(`${distDir}/index.html is missing: build the frame first (npm run build -w @fundament/frame)`);
  }
  const headers = {
    "content-security-policy": frameCsp(config),
    "x-content-type-options": "nosniff",
    // The social callback page's URL holds the login code: never send it on as a referrer.
    "referrer-policy": "no-referrer",
  };
  const body = JSON.stringify(config);
  const assets = sirv(distDir, {
    etag: true,
    gzip: false,
    immutable: true,
    dev: false,
    setHeaders: (response) => {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    },
  });
  const server = createServer((request, response) => {
    if (request.url === "/config.json" || request.url?.startsWith("/config.json?")) {
      response.writeHead(200, { ...headers, "content-type": "application/json", "cache-control": "no-store" });
      response.end(body);
      return;
    }
    assets(request, response, () => {
      response.writeHead(404, { ...headers, "content-type": "text/plain" });
      response.end("Not found");
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
