// @ts-check
/**
 * `@fundament/test-chain`: the one local chain of the repository. anvil's launcher and dev accounts, shared by
 * `npm start`, the deploy and seed scripts, every package's tests and the e2e journeys. The Vitest pool is in
 * `@fundament/test-chain/global-setup` (start once per run) and `@fundament/test-chain/vitest` (use it in a file).
 */
export {
  DEV_ACCOUNTS,
  DEV_MNEMONIC,
  devAccount,
  devAccountIndex,
  devLocalAccount,
  LOCAL_CHAIN_ID,
} from "./accounts.mjs";
export { freePort, isPortFree, startAnvil, waitForRpc } from "./anvil.mjs";
export { startChildProcess } from "./childProcess.mjs";
export { foundryBin } from "./foundryBin.mjs";

/** @typedef {import("./anvil.mjs").Anvil} Anvil */
/** @typedef {import("./anvil.mjs").AnvilOptions} AnvilOptions */
/** @typedef {import("./accounts.mjs").DevAccount} DevAccount */
/** @typedef {import("./childProcess.mjs").ChildService} ChildService */
