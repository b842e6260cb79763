// Test helpers. `installTestWallet` is for pages (Playwright `addInitScript`); `startAnvil` is for Node tests.
export { installTestWallet, type TestWalletControl, type TestWalletOptions } from "../testing/installTestWallet.js";
export { type Anvil, startAnvil } from "../testing/startAnvil.js";
