// @vitest-environment happy-dom

import { devAccount, devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Address, createPublicClient, createWalletClient, http } from "viem";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { type OnrampTestServer, startOnrampTestServer } from "../../testing/startOnrampTestServer.js";
import { testTokenAbi, testTokenBytecode } from "../../testing/testToken.js";
import { renderWallet } from "../testUtils.js";

const CARD_TEXT = "Enter an amount from 10.00 to 7,500.00 USD for card payments";
const BANK_TEXT = "Enter an amount from 10.00 to 25,000.00 USD for bank payments";
const ESTIMATE = "Estimate — the provider's quote is unavailable";

const { rpcUrl } = testChainForFile();
let token: Address;
let server: OnrampTestServer;
// The provider's account (not the connected one): it holds the mUSDC the checkout delivers.
const funder = devLocalAccount(5);
const buyer = devAccount(0).address;

beforeAll(async () => {
  const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(rpcUrl) });
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: ["Mock USD Coin", "mUSDC", 6, 1_000_000_000_000n],
  });
  token = (await client.waitForTransactionReceipt({ hash })).contractAddress as Address;
  server = await startOnrampTestServer({
    rpcUrl,
    chain: foundry,
    funder,
    tokens: [{ address: token, symbol: "mUSDC", name: "Mock USD Coin", decimals: 6, priceUsd: 1 }],
  });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server.failOptions = false;
  server.failQuote = false;
  server.failPrices = false;
});
afterEach(() => cleanup());

async function openAccount(p: { api: boolean } = { api: true }) {
  const apiUrl = p.api ? server.url : undefined;
  const rendered = renderWallet({ rpcUrl, tokens: { 31337: [{ address: token }] }, apiUrl });
  const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await act(() => connect(rendered.wagmiConfig, { connector }));
  await userEvent.click(await screen.findByRole("button", { name: /^Account 0x/ }));
  const dialog = await screen.findByRole("dialog", { name: "Account" });
  return { ...rendered, dialog };
}

async function openBuy() {
  const rendered = await openAccount();
  await userEvent.click(within(rendered.dialog).getByRole("button", { name: "Buy" }));
  const dialog = await screen.findByRole("dialog", { name: "Buy" });
  await waitFor(() =>
    expect((within(dialog).getByLabelText("Token") as HTMLSelectElement).textContent).toMatch(/mUSDC/),
  );
  return { ...rendered, dialog };
}

const text = (dialog: HTMLElement, id: string) => within(dialog).getByTestId(id).textContent;

describe("Buy view", () => {
  it("Buy is the first entry of the Account view (with an API), absent without one", async () => {
    const { dialog } = await openAccount();
    const actions = within(dialog).getByRole("list", { name: "Account actions" });
    expect(within(actions).getAllByRole("button")[0]?.textContent).toBe("Buy");
    cleanup();
    const without = await openAccount({ api: false });
    expect(within(without.dialog).queryByRole("button", { name: "Buy" })).toBeNull();
  });

  it("shows the quote: you get, network fee, provider fee, total", async () => {
    const { dialog } = await openBuy();
    const select = within(dialog).getByLabelText("Token") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["mUSDC", "ETH"]);
    expect((within(dialog).getByLabelText("Card") as HTMLInputElement).checked).toBe(true);
    await userEvent.type(within(dialog).getByLabelText("Amount"), "100");
    await waitFor(() => expect(text(dialog, "buy-you-get")).toBe("100 mUSDC"));
    expect(text(dialog, "buy-network-fee")).toBe("0.02 USD");
    expect(text(dialog, "buy-provider-fee")).toBe("1.50 USD");
    expect(text(dialog, "buy-total")).toBe("101.52 USD");
    expect(within(dialog).queryByText(ESTIMATE)).toBeNull();
    expect(server.quotes.at(-1)).toEqual({
      purchaseCurrency: "mUSDC",
      paymentCurrency: "USD",
      amount: "100",
      network: "fundament-local",
      paymentMethod: "CARD",
    });
    // Bank transfer in EUR: the provider fee is 1 %.
    await userEvent.click(within(dialog).getByLabelText("Bank transfer"));
    await userEvent.selectOptions(within(dialog).getByLabelText("Currency"), "EUR");
    await waitFor(() => expect(text(dialog, "buy-provider-fee")).toBe("1.00 EUR"));
    expect(text(dialog, "buy-you-get")).toBe("108 mUSDC");
    expect((within(dialog).getByRole("button", { name: "Continue to checkout" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("refuses 9.99 with the limits' text before asking for a quote", async () => {
    const { dialog } = await openBuy();
    const asked = server.quotes.length;
    await userEvent.type(within(dialog).getByLabelText("Amount"), "9.99");
    expect((await within(dialog).findByRole("alert")).textContent).toBe(CARD_TEXT);
    expect(within(dialog).getByLabelText("Amount").getAttribute("aria-invalid")).toBe("true");
    await new Promise((r) => setTimeout(r, 600));
    expect(server.quotes.length).toBe(asked);
    expect((within(dialog).getByRole("button", { name: "Continue to checkout" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(within(dialog).getByLabelText("Bank transfer"));
    const amount = within(dialog).getByLabelText("Amount");
    await userEvent.clear(amount);
    await userEvent.type(amount, "25000.01");
    expect(within(dialog).getByRole("alert").textContent).toBe(BANK_TEXT);
    await userEvent.clear(amount);
    await userEvent.type(amount, "25000");
    await waitFor(() => expect(text(dialog, "buy-total")).toBe("25,250.02 USD"));
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("options failing: the wallet's defaults are used and still buy", async () => {
    server.failOptions = true;
    const { dialog } = await openBuy();
    expect(within(dialog).getByTestId("buy-defaults")).toBeTruthy();
    const select = within(dialog).getByLabelText("Token") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["mUSDC", "ETH"]);
    expect(
      Array.from((within(dialog).getByLabelText("Currency") as HTMLSelectElement).options).map((o) => o.value),
    ).toEqual(["USD", "EUR"]);
    await userEvent.type(within(dialog).getByLabelText("Amount"), "7500.01");
    expect((await within(dialog).findByRole("alert")).textContent).toBe(CARD_TEXT);
    await userEvent.clear(within(dialog).getByLabelText("Amount"));
    await userEvent.type(within(dialog).getByLabelText("Amount"), "50");
    await waitFor(() => expect(text(dialog, "buy-you-get")).toBe("50 mUSDC"));
    expect(server.quotes.at(-1)).toMatchObject({ purchaseCurrency: "mUSDC", network: "fundament-local" });
  });

  it("quote failing: an estimate from the price, clearly marked", async () => {
    server.failQuote = true;
    const { dialog } = await openBuy();
    await userEvent.type(within(dialog).getByLabelText("Amount"), "100");
    expect(await within(dialog).findByText(ESTIMATE)).toBeTruthy();
    expect(text(dialog, "buy-you-get")).toBe("≈ 100 mUSDC");
    expect(text(dialog, "buy-network-fee")).toBe("—");
    expect(text(dialog, "buy-total")).toBe("101.50 USD");
    // ETH is priced by the API (3,000 USD): 100 USD buys 0.033333 ETH.
    await userEvent.selectOptions(within(dialog).getByLabelText("Token"), "ETH");
    await waitFor(() => expect(text(dialog, "buy-you-get")).toBe("≈ 0.033333 ETH"));
    // Without a price for ETH there is nothing to estimate: the error is said.
    server.failPrices = true;
    await userEvent.clear(within(dialog).getByLabelText("Amount"));
    await userEvent.type(within(dialog).getByLabelText("Amount"), "200");
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Something went wrong");
  });

  it("checkout: opens the provider's page, waits, and shows the tokens that arrived", async () => {
    const opened: unknown[][] = [];
    const open = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      const { dialog, core } = await openBuy();
      await userEvent.type(within(dialog).getByLabelText("Amount"), "100");
      await waitFor(() => expect(text(dialog, "buy-total")).toBe("101.52 USD"));
      await userEvent.click(within(dialog).getByRole("button", { name: "Continue to checkout" }));
      expect(await within(dialog).findByText("Waiting for your purchase…")).toBeTruthy();
      const url = opened[0]?.[0] as string;
      expect(opened[0]).toEqual([url, "_blank", "noopener"]);
      expect(within(dialog).getByTestId("buy-checkout-link").getAttribute("href")).toBe(url);
      expect(server.urls.at(-1)).toMatchObject({
        destinationWallets: [{ address: buyer, blockchains: ["fundament-local"], assets: ["mUSDC"] }],
        defaultNetwork: "fundament-local",
        partnerUserId: buyer,
        defaultExperience: "buy",
        presetFiatAmount: 100,
        paymentCurrency: "USD",
        paymentMethod: "CARD",
      });
      expect((server.urls.at(-1) as { quoteId: string }).quoteId).toMatch(/^q_/);
      // Nothing arrives before the payment.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(within(dialog).queryByTestId("buy-arrived")).toBeNull();
      // The person pays on the checkout page (the form's POST).
      const res = await fetch(`${url}/pay`, { method: "POST" });
      expect(((await res.json()) as { state: string }).state).toBe("delivered");
      expect((await within(dialog).findByTestId("buy-arrived", {}, { timeout: 8_000 })).textContent).toBe(
        "100 mUSDC arrived",
      );
      await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
      const account = await screen.findByRole("dialog", { name: "Account" });
      expect(core.router.getState().history).toEqual(["Account"]);
      // The Account view's balances were read again: the bought tokens show.
      await waitFor(() => expect(within(account).getByLabelText("Token balances").textContent).toContain("100 mUSDC"));
    } finally {
      window.open = open;
    }
  }, 30_000);

  it("buys ETH: the native balance is watched and the arrival shown", async () => {
    const open = window.open;
    window.open = (() => null) as typeof window.open;
    try {
      const { dialog } = await openBuy();
      await userEvent.selectOptions(within(dialog).getByLabelText("Token"), "ETH");
      await userEvent.type(within(dialog).getByLabelText("Amount"), "30");
      await waitFor(() => expect(text(dialog, "buy-you-get")).toBe("0.01 ETH"));
      await userEvent.click(within(dialog).getByRole("button", { name: "Continue to checkout" }));
      const link = await within(dialog).findByTestId("buy-checkout-link");
      const order = await server.pay(link.getAttribute("href")?.split("/").at(-1) as string);
      expect(order.state).toBe("delivered");
      // Paying twice does not deliver twice.
      expect((await server.pay(order.id)).txHash).toBe(order.txHash);
      expect((await within(dialog).findByTestId("buy-arrived", {}, { timeout: 8_000 })).textContent).toBe(
        "0.01 ETH arrived",
      );
    } finally {
      window.open = open;
    }
  }, 30_000);
});
