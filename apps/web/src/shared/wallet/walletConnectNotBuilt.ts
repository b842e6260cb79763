/**
 * Stands in for `@walletconnect/ethereum-provider` in a build made without `WALLETCONNECT_PROJECT_ID`
 * (vite.config.ts aliases it here). Bundling the real SDK makes the bundler share some of its viem and ox code with
 * the app's first view (about +80 KiB gzip), so it is included only when WalletConnect is configured. If a
 * deployment still offers WalletConnect (a project id in /config.json but not at build time), choosing it says so.
 */
export const WALLETCONNECT_NOT_BUILT =
  "WalletConnect is not included in this build of the app. Rebuild it with WALLETCONNECT_PROJECT_ID set (npm start does so when the variable is set), or connect with a browser wallet.";

export const EthereumProvider = {
  async init(): Promise<never> {
    throw new Error(WALLETCONNECT_NOT_BUILT);
  },
};
