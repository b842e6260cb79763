// Test helpers. `installTestWallet` is for pages (Playwright `addInitScript`); the rest are for Node tests.

export {
  BITCOIN_TEST_WALLET_NAME,
  type BitcoinTestWallet,
  bitcoinMessageHash,
  type InstallBitcoinTestWalletParameters,
  installBitcoinTestWallet,
} from "../testing/installBitcoinTestWallet.js";
export {
  type InstallSolanaTestWalletParameters,
  installSolanaTestWallet,
  SOLANA_TEST_WALLET_NAME,
  type SolanaTestWallet,
} from "../testing/installSolanaTestWallet.js";
export { installTestWallet, type TestWalletControl, type TestWalletOptions } from "../testing/installTestWallet.js";
export { installStandInFrame, type StandInFrame, type StandInFrameOptions } from "../testing/standInFrame.js";
export { type BitcoinBalanceServer, startBitcoinBalanceServer } from "../testing/startBitcoinBalanceServer.js";
export { type NamesTestServer, startNamesTestServer } from "../testing/startNamesTestServer.js";
export { createCookieFetch, type SiwxTestServer, startSiwxTestServer } from "../testing/startSiwxTestServer.js";
export { testTokenAbi, testTokenBytecode } from "../testing/testToken.js";
