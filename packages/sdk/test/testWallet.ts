/**
 * The wallet package's test wallet (the one the e2e journeys inject into Chromium) as a viem wallet client on the
 * anvil of globalSetup: EIP-5792 batching and typed-data signing per wallet, every request and transaction recorded.
 * Imported from its source (a test-only reference; the SDK itself does not depend on the wallet package).
 */
import { type Address, createWalletClient, custom, type EIP1193RequestFn } from "viem";
import { installTestWallet, type TestWalletControl } from "../../wallet/src/testing/installTestWallet.js";
import { accounts, chain, deployment, rpcUrl } from "./chain.js";
import { publicClient } from "./fund.js";

/** The requests a person confirms in the wallet. */
export const PROMPTS = ["eth_sendTransaction", "eth_signTypedData_v4", "wallet_sendCalls"];

export function testWallet(index: number, options: { batching?: boolean; typedData?: boolean } = {}) {
  const stored = new Map<string, string>();
  let provider: { request: EIP1193RequestFn } | undefined;
  const target = Object.assign(new EventTarget(), {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  });
  target.addEventListener("eip6963:announceProvider", (event) => {
    provider = (event as CustomEvent<{ provider: { request: EIP1193RequestFn } }>).detail.provider;
  });
  const control: TestWalletControl = installTestWallet(
    { rpcUrl, accountIndex: index, ...options },
    target as unknown as Window,
  );
  if (!provider) throw new Error("the test wallet did not announce itself");
  const request = provider.request;
  const walletClient = createWalletClient({
    account: accounts[index] as Address,
    chain,
    transport: custom({ request }),
    pollingInterval: 100,
  });
  return {
    walletClient,
    control,
    context: { deployment, publicClient, walletClient },
    /** The wallet prompts so far, by method. */
    prompts: () => control.requests.filter((method) => PROMPTS.includes(method)),
  };
}
