import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

const deploymentFile = fileURLToPath(new URL("../../contracts/deployments/31337.json", import.meta.url));

/**
 * `vite dev` and `vite preview` answer `/config.json` the way the production server (scripts/lib/serve-web.mjs) does, from the
 * local deployment record: the anvil chain on 8545 and the API on 8787 (RPC_URL / API_URL override them). With
 * SOLANA_RPC_URL (and, for a local Solana RPC, SOLANA_GENESIS_HASH and SOLANA_MINT) the wallet offers Solana too.
 */
function devConfigJson(): Plugin {
  const serveConfig = (middlewares: { use: (fn: Middleware) => void }) =>
    middlewares.use((request, response, next) => {
      if (!request.url || !/^\/config\.json(\?|$)/.test(request.url)) return next();
      try {
        const deployment = JSON.parse(readFileSync(deploymentFile, "utf8"));
        const body = {
          chainId: deployment.chainId,
          rpcUrl: process.env.RPC_URL ?? "http://127.0.0.1:8545",
          apiUrl: process.env.API_URL ?? "http://127.0.0.1:8787",
          deployment: {
            chainId: deployment.chainId,
            investmentFund: deployment.investmentFund,
            investmentToken: deployment.investmentToken,
            deploymentBlock: Number(deployment.deploymentBlock),
            ...(deployment.tokens ? { tokens: deployment.tokens } : {}),
          },
          ...(process.env.SOLANA_RPC_URL ? { solana: devSolanaConfig(process.env.SOLANA_RPC_URL) } : {}),
          // The embedded wallet's secure frame (apps/frame) when FRAME_URL is set; SOCIAL_PROVIDERS: "google,github".
          ...(process.env.FRAME_URL
            ? {
                embedded: {
                  frameUrl: process.env.FRAME_URL,
                  socialProviders: (process.env.SOCIAL_PROVIDERS ?? "").split(",").filter(Boolean),
                  farcaster: process.env.FARCASTER === "1",
                },
              }
            : {}),
        };
        response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
        response.end(JSON.stringify(body));
      } catch (error) {
        response.writeHead(503, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            message: `No local deployment (${(error as Error).message}). Start the chain: node apps/web/scripts/dev-chain.mjs`,
          }),
        );
      }
    });
  return {
    name: "fundament-dev-config-json",
    configureServer: (server) => serveConfig(server.middlewares),
    configurePreviewServer: (server) => serveConfig(server.middlewares),
  };
}

/** The /config.json `solana` block from the environment (the mint is the local RPC's mUSDC). */
function devSolanaConfig(rpcUrl: string) {
  const mint = process.env.SOLANA_MINT;
  return {
    rpcUrl,
    ...(process.env.SOLANA_GENESIS_HASH ? { genesisHash: process.env.SOLANA_GENESIS_HASH } : {}),
    ...(mint ? { mint: { address: mint, symbol: "mUSDC", name: "Mock USD Coin", decimals: 6 } } : {}),
  };
}

// WalletConnect's SDK goes into the build only when it is configured: bundled, it shares code with the first view.
const walletConnectBuilt = Boolean(process.env.WALLETCONNECT_PROJECT_ID);

export default defineConfig({
  plugins: [react(), devConfigJson()],
  resolve: walletConnectBuilt
    ? {}
    : {
        alias: {
          "@walletconnect/ethereum-provider": fileURLToPath(
            new URL("./src/shared/wallet/walletConnectNotBuilt.ts", import.meta.url),
          ),
        },
      },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // dist/.vite/manifest.json: the bench (scripts/first-view-size.mjs) reads each page's chunks from it.
    manifest: true,
  },
  server: { host: "127.0.0.1", port: 5173, strictPort: false },
});
