import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * Two pages: the frame itself (index.html, loaded hidden by the app) and the social login's callback page
 * (social-callback.html, opened in the popup by the identity provider's redirect). No inline scripts or styles: the
 * server's CSP (scripts/lib/serve-frame.mjs) allows only files from this origin.
 */
export default defineConfig({
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        frame: fileURLToPath(new URL("./index.html", import.meta.url)),
        socialCallback: fileURLToPath(new URL("./social-callback.html", import.meta.url)),
      },
    },
  },
  server: { host: "127.0.0.1", port: 5174, strictPort: false },
});
