/**
 * The wallet package's test wallet (the one the e2e journeys inject into Chromium) as a wagmi connector on the test
 * anvil: EIP-5792 batching and EIP-712 signing on or off per wallet, so a test picks the investment path the app
 * takes; every request and transaction is recorded in `control`.
 */
import { installTestWallet, type TestWalletControl } from "@fundament/wallet/testing";
import type { EIP1193Provider } from "viem";
import { injected } from "wagmi";
import { rpcUrl } from "./testChain.js";

let wallets = 0;

export function testWalletConnector(accountIndex: number, options: { batching?: boolean; typedData?: boolean } = {}) {
  const n = ++wallets;
  const rdns = `org.fundament.testwallet.web${n}`;
  let provider: EIP1193Provider | undefined;
  // Installed into a target of its own, so it is not announced to the page (the app's connector list is the test's).
  const target = Object.assign(new EventTarget(), { localStorage: window.localStorage });
  target.addEventListener("eip6963:announceProvider", (event) => {
    provider = (event as CustomEvent<{ provider: EIP1193Provider }>).detail.provider;
  });
  const control: TestWalletControl = installTestWallet(
    {
      rpcUrl,
      accountIndex,
      rdns,
      uuid: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      ...options,
    },
    target as unknown as Window,
  );
  const announced = provider;
  if (!announced) throw new Error("the test wallet did not announce itself");
  const connector = injected({ target: () => ({ id: rdns, name: "Test Wallet", provider: announced }) });
  return { connector, control };
}
