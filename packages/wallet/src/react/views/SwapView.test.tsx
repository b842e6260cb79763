// @vitest-environment happy-dom

import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Address,
  createWalletClient,
  erc20Abi,
  formatEther,
  type Hash,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { messages } from "../../core/messages.js";
import { formatUsd } from "../../features/prices/applyPrices.js";
import { createSwapClient, type SwapQuote } from "../../features/swap/createSwapClient.js";
import { PRICE_MOVED, TRANSACTION_REVERTED } from "../../features/swap/executeSwap.js";
import { APPROVE_GAS_LIMIT, SWAP_GAS_LIMIT } from "../../features/swap/swapFee.js";
import { formatRate, formatTokenAmount, minimumReceived, SLIPPAGE_OUT_OF_RANGE } from "../../features/swap/swapMath.js";
import { installTestWallet, type TestWalletControl } from "../../testing/installTestWallet.js";
import { installStandInFrame, type StandInFrame } from "../../testing/standInFrame.js";
import { type SwapTestServer, startSwapTestServer, swapRouterAbi } from "../../testing/startSwapTestServer.js";
import { deploySwapTestDex, type SwapTestDex } from "../../testing/swapTestDex.js";
import { renderWallet } from "../testUtils.js";

const NATIVE = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
const RDNS = "org.test.swap";
/** The account that swaps in the wallet (dev account 1); dev account 2 moves the price. */
const swapper = devLocalAccount(1);
const whale = devLocalAccount(2);
const ETH_TOKEN = { symbol: "ETH", decimals: 18 };
const USDC_TOKEN = { symbol: "mUSDC", decimals: 6 };

const { rpcUrl } = testChainForFile();
let deployed: SwapTestDex;
let server: SwapTestServer;
let wallet: TestWalletControl;
let usdc: Address;
let ETH: string;
let USDC: string;
/** The embedded wallet's secure frame, in the tests that log in by email. */
let standIn: StandInFrame | undefined;

beforeAll(async () => {
  deployed = await deploySwapTestDex(rpcUrl);
  server = await startSwapTestServer(deployed);
  usdc = deployed.tokens[0].address;
  ETH = `eip155:31337:${NATIVE}`;
  USDC = `eip155:31337:${usdc}`;
  await deployed.mint(usdc, swapper.address, "10000");
  wallet = installTestWallet({ rpcUrl, accountIndex: 1, rdns: RDNS, name: "Swap Wallet" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server.supportedChains = ["eip155:31337"];
  server.failGasPrice = false;
});
afterEach(() => {
  cleanup();
  standIn?.stop();
  standIn = undefined;
});

const usdcBalance = () =>
  deployed.client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [swapper.address] });
const ethBalance = () => deployed.client.getBalance({ address: swapper.address });
/** The gas the wallet's transactions from index `from` on cost (wei), and their receipts' statuses. */
async function sentSince(from: number) {
  let paid = 0n;
  const statuses: string[] = [];
  for (const tx of wallet.transactions.slice(from)) {
    const receipt = await deployed.client.waitForTransactionReceipt({ hash: tx.hash as Hash });
    paid += receipt.gasUsed * receipt.effectiveGasPrice;
    statuses.push(receipt.status);
  }
  return { paid, statuses };
}
/** The API's quote, asked directly, to compare what the view shows. */
const apiQuote = (amount: bigint, from: string, to: string): Promise<SwapQuote> =>
  createSwapClient({ apiUrl: server.url }).quote({ amount: String(amount), userAddress: swapper.address, from, to });
/** Another account swaps `eth` ETH into the WETH/mUSDC pool: the price of mUSDC in ETH rises. */
async function movePrice(eth: string) {
  const client = createWalletClient({ account: whale, chain: foundry, transport: http(rpcUrl) });
  const hash = await client.writeContract({
    address: deployed.dex.router,
    abi: swapRouterAbi,
    functionName: "swapExactETHForTokens",
    args: [0n, [deployed.dex.weth, usdc], whale.address, maxUint256],
    value: parseEther(eth),
  });
  await deployed.client.waitForTransactionReceipt({ hash });
}

/** Renders the wallet with the API, connects the test wallet and opens Account. */
async function openAccount() {
  const rendered = renderWallet({
    rpcUrl,
    devAccounts: false,
    apiUrl: server.url,
    analytics: false,
    tokens: { 31337: deployed.tokens.map((t) => ({ address: t.address })) },
  });
  const connector = rendered.wagmiConfig.connectors.find((c) => c.id === RDNS);
  if (!connector) throw new Error("the test wallet was not discovered");
  await act(() => connect(rendered.wagmiConfig, { connector }));
  await userEvent.click(await screen.findByRole("button", { name: /^Account 0x/ }));
  const account = await screen.findByRole("dialog", { name: "Account" });
  return { ...rendered, account };
}

/** Account → Swap, with the form's tokens loaded. */
async function openSwap() {
  const rendered = await openAccount();
  await userEvent.click(await within(rendered.account).findByRole("button", { name: "Swap" }));
  const dialog = await screen.findByRole("dialog", { name: "Swap" });
  await waitFor(() => expect(within(dialog).getByLabelText("From").textContent).toContain("mUSDC"));
  return { ...rendered, dialog };
}

/** Picks the pair and types the amount, then waits for the quote. */
async function fill(dialog: HTMLElement, p: { from: string; to: string; amount: string }) {
  await userEvent.selectOptions(within(dialog).getByLabelText("From"), p.from);
  await userEvent.selectOptions(within(dialog).getByLabelText("To"), p.to);
  const amount = within(dialog).getByLabelText("Amount");
  await userEvent.clear(amount);
  await userEvent.type(amount, p.amount);
  await waitFor(() => expect(within(dialog).getByTestId("swap-min-received").textContent).toContain(p.to), {
    timeout: 10_000,
  });
  await waitFor(() =>
    expect((within(dialog).getByRole("button", { name: "Review swap" }) as HTMLButtonElement).disabled).toBe(false),
  );
}

const text = (dialog: HTMLElement, testId: string) => within(dialog).getByTestId(testId).textContent;

/** Review swap → the Review Swap view, loaded (it is lazy) with its quote. */
async function openReview(form: HTMLElement) {
  await userEvent.click(within(form).getByRole("button", { name: "Review swap" }));
  const review = await screen.findByRole("dialog", { name: "Review Swap" });
  await within(review).findByTestId("swap-summary");
  await quoteSettled(review);
  return review;
}

/** Waits until the view's quote is shown and not being fetched. */
async function quoteSettled(view: HTMLElement) {
  await waitFor(() => {
    expect(within(view).getByRole("region", { name: "Quote" }).getAttribute("aria-busy")).toBe("false");
    expect(text(view, "swap-min-received")).toMatch(/\d/);
  });
}

describe("Swap", () => {
  it("Account offers Swap when the API lists the chain in /v1/supported-chains, and not when it does not", async () => {
    const listed = await openAccount();
    expect(await within(listed.account).findByRole("button", { name: "Swap" })).toBeTruthy();
    cleanup();

    server.supportedChains = ["eip155:1"];
    const asked = server.requests.filter((r) => r === "GET /v1/supported-chains").length;
    const unlisted = await openAccount();
    await waitFor(() =>
      expect(server.requests.filter((r) => r === "GET /v1/supported-chains").length).toBeGreaterThan(asked),
    );
    await new Promise((resolve) => setTimeout(resolve, 300)); // the answer is rendered
    expect(within(unlisted.account).getByRole("button", { name: "Send" })).toBeTruthy();
    expect(within(unlisted.account).queryByRole("button", { name: "Swap" })).toBeNull();

    // Opened anyway (e.g. from a link): it says so in the spec's words.
    act(() => unlisted.core.router.push("Swap"));
    const dialog = await screen.findByRole("dialog", { name: "Swap" });
    expect((await within(dialog).findByRole("alert")).textContent).toBe(messages.networkNotSupportedForSwaps);
    expect(within(dialog).queryByLabelText("Amount")).toBeNull();
  });

  it("ETH → mUSDC: the quote shows rate, price impact, fee and minimum received; slippage changes the minimum", async () => {
    const { dialog } = await openSwap();
    // The default pair is the API's first two tokens: ETH → mUSDC.
    expect((within(dialog).getByLabelText("From") as HTMLSelectElement).value).toBe(ETH);
    expect((within(dialog).getByLabelText("To") as HTMLSelectElement).value).toBe(USDC);
    await fill(dialog, { from: "ETH", to: "mUSDC", amount: "0.5" });
    const quote = await apiQuote(parseEther("0.5"), ETH, USDC);
    expect(text(dialog, "swap-rate")).toBe(formatRate(quote, ETH_TOKEN, USDC_TOKEN));
    expect(text(dialog, "swap-rate")).toMatch(/^1 ETH = 2,9\d\d\.\d\d mUSDC$/);
    expect(text(dialog, "swap-to-amount")).toBe(`≈ ${formatTokenAmount(quote.toAmount, 6, 6)} mUSDC`);
    expect(text(dialog, "swap-price-impact")).toBe("0.25 %"); // 0.5 ETH into a 200 ETH pool
    expect(text(dialog, "swap-fee")).toBe("0.0015 ETH"); // 0.3 % of 0.5 ETH
    const minimumAt = (slippage: string) =>
      `${formatTokenAmount(minimumReceived(BigInt(quote.toAmount), slippage), 6, 6)} mUSDC`;
    expect(text(dialog, "swap-min-received")).toBe(minimumAt("1")); // SLIPPAGE_TOLERANCE
    expect(within(dialog).getByRole("button", { name: "1 %" }).getAttribute("aria-pressed")).toBe("true");
    expect(text(dialog, "swap-gas-price")).toMatch(/^Network fee: [\d.,]+ gwei$/);

    await userEvent.click(within(dialog).getByRole("button", { name: "0.5 %" }));
    expect(text(dialog, "swap-min-received")).toBe(minimumAt("0.5"));
    expect(within(dialog).getByRole("button", { name: "0.5 %" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(within(dialog).getByRole("button", { name: "0.1 %" }));
    expect(text(dialog, "swap-min-received")).toBe(minimumAt("0.1"));

    await userEvent.click(within(dialog).getByRole("button", { name: "Custom" }));
    const custom = within(dialog).getByLabelText("Custom slippage (%)");
    await userEvent.clear(custom);
    await userEvent.type(custom, "3");
    expect(text(dialog, "swap-min-received")).toBe(minimumAt("3"));
    await userEvent.clear(custom);
    await userEvent.type(custom, "60");
    expect(within(dialog).getByText(SLIPPAGE_OUT_OF_RANGE).getAttribute("role")).toBe("alert");
    expect(custom.getAttribute("aria-invalid")).toBe("true");
    expect(text(dialog, "swap-min-received")).toBe("—");
    expect((within(dialog).getByRole("button", { name: "Review swap" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("checks the amount: not a number, more than the balance; Max leaves ETH for gas", async () => {
    const { dialog } = await openSwap();
    const amount = within(dialog).getByLabelText("Amount");
    const review = within(dialog).getByRole("button", { name: "Review swap" }) as HTMLButtonElement;
    await userEvent.type(amount, "abc");
    expect(within(dialog).getByRole("alert").textContent).toBe("Enter a valid amount");
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(amount.getAttribute("aria-describedby")).toBe(within(dialog).getByRole("alert").id);
    expect(review.disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, "1000000");
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("Amount exceeds your balance"), {
      timeout: 10_000,
    });
    expect(review.disabled).toBe(true);

    await waitFor(() => expect(text(dialog, "swap-from-balance")).toMatch(/^Balance: [\d,.]+ ETH$/));
    const balance = await ethBalance();
    await userEvent.click(within(dialog).getByRole("button", { name: "Max" }));
    expect(parseEther((amount as HTMLInputElement).value)).toBe(balance - parseEther("0.01"));
    await waitFor(() => expect(within(dialog).queryByRole("alert")).toBeNull(), { timeout: 10_000 });
    await quoteSettled(dialog);
  });

  it("ETH → mUSDC swaps on anvil: the review keeps the minimum, the balance rises by at least it, back to Account", async () => {
    const { dialog, core } = await openSwap();
    await fill(dialog, { from: "ETH", to: "mUSDC", amount: "0.5" });
    await userEvent.click(within(dialog).getByRole("button", { name: "0.5 %" }));
    const formMinimum = text(dialog, "swap-min-received");
    const review = await openReview(dialog);
    expect(text(review, "swap-min-received")).toBe(formMinimum);
    expect(within(review).getByText("Slippage tolerance: 0.5 %")).toBeTruthy();
    expect(within(review).queryByRole("button", { name: /^Approve/ })).toBeNull(); // native ETH: no approval
    const shown = parseUnits((formMinimum ?? "").replace(" mUSDC", "").replaceAll(",", ""), 6);

    const before = await usdcBalance();
    const sent = wallet.transactions.length;
    await userEvent.click(within(review).getByRole("button", { name: "Swap" }));
    expect(await screen.findByText(/^Swapped 0\.5 ETH for [\d,.]+ mUSDC$/, {}, { timeout: 15_000 })).toBeTruthy();
    await screen.findByRole("dialog", { name: "Account" });
    expect(core.router.getState().history).toEqual(["Account"]);
    const received = (await usdcBalance()) - before;
    expect(received).toBeGreaterThanOrEqual(shown);
    expect(wallet.transactions.length - sent).toBe(1);
    expect((await sentSince(sent)).statuses).toEqual(["success"]);
    // The spec's payload, as it is.
    expect(server.builds.at(-1)).toEqual({
      amount: String(parseEther("0.5")),
      eip155: { slippage: "0.5" },
      from: ETH,
      to: USDC,
      userAddress: swapper.address,
    });
  });

  it("mUSDC → ETH: 'Approve mUSDC' comes first, then Swap; the ETH received covers the minimum", async () => {
    const { dialog } = await openSwap();
    // Picking the other side's token flips the pair.
    await fill(dialog, { from: "mUSDC", to: "ETH", amount: "1000" });
    expect((within(dialog).getByLabelText("To") as HTMLSelectElement).value).toBe(ETH);
    const shown = parseUnits((text(dialog, "swap-min-received") ?? "").replace(" ETH", "").replaceAll(",", ""), 18);
    const review = await openReview(dialog);
    const approve = await within(review).findByRole("button", { name: "Approve mUSDC" });
    expect(within(review).queryByRole("button", { name: "Swap" })).toBeNull();

    const usdcBefore = await usdcBalance();
    const ethBefore = await ethBalance();
    const sent = wallet.transactions.length;
    await userEvent.click(approve);
    const swap = await within(review).findByRole("button", { name: "Swap" }, { timeout: 15_000 });
    expect(
      await deployed.client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "allowance",
        args: [swapper.address, deployed.dex.router],
      }),
    ).toBe(parseUnits("1000", 6)); // exactly this swap's amount, never an unlimited allowance
    expect(
      server.requests.some((r) => r.startsWith("GET /v1/convert/build-approve?") && r.includes("amount=1000000000")),
    ).toBe(true);
    await userEvent.click(swap);
    expect(await screen.findByText(/^Swapped 1,000 mUSDC for [\d,.]+ ETH$/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(usdcBefore - (await usdcBalance())).toBe(parseUnits("1000", 6));
    const { paid, statuses } = await sentSince(sent);
    expect(statuses).toEqual(["success", "success"]); // the approve, then the swap
    expect((await ethBalance()) - ethBefore + paid).toBeGreaterThanOrEqual(shown);
    // Spent by the swap: nothing stays approved afterwards.
    expect(
      await deployed.client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "allowance",
        args: [swapper.address, deployed.dex.router],
      }),
    ).toBe(0n);
  });

  it("a failed build is said in plain words and nothing is lost; a moved price is caught before sending", async () => {
    const { dialog } = await openSwap();
    await fill(dialog, { from: "ETH", to: "mUSDC", amount: "1" });
    let review = await openReview(dialog);
    const ethBefore = await ethBalance();
    const usdcBefore = await usdcBalance();
    const sent = wallet.transactions.length;

    // 1. The API refuses to build.
    server.failNextBuild(400, PRICE_MOVED);
    await userEvent.click(within(review).getByRole("button", { name: "Swap" }));
    expect((await within(review).findByTestId("swap-error")).textContent).toBe(PRICE_MOVED);
    expect(within(review).getByTestId("swap-error").getAttribute("role")).toBe("alert");
    expect(wallet.transactions.length).toBe(sent);
    await quoteSettled(review); // the price is asked again

    // 2. The price moves after the review: the API builds from its fresh quote, below the minimum shown; the wallet
    // does not send it, and shows the new quote.
    const reviewedMinimum = text(review, "swap-min-received");
    await movePrice("20");
    const builds = server.builds.length;
    await userEvent.click(within(review).getByRole("button", { name: "Swap" }));
    expect((await within(review).findByTestId("swap-error", {}, { timeout: 10_000 })).textContent).toBe(PRICE_MOVED);
    expect(server.builds.length).toBe(builds + 1);
    await waitFor(() => expect(text(review, "swap-min-received")).not.toBe(reviewedMinimum), { timeout: 10_000 });
    expect(wallet.transactions.length).toBe(sent);
    expect(await ethBalance()).toBe(ethBefore);
    expect(await usdcBalance()).toBe(usdcBefore);

    // The form keeps its input: Edit goes back to it.
    await userEvent.click(within(review).getByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("dialog", { name: "Swap" });
    expect((within(form).getByLabelText("Amount") as HTMLInputElement).value).toBe("1");

    // 3. The price moves after the build, before the send: mined and reverted; a plain sentence, only gas spent.
    await quoteSettled(form);
    review = await openReview(form);
    server.beforeNextBuildAnswer(() => movePrice("20"));
    const ethBeforeRevert = await ethBalance();
    await userEvent.click(within(review).getByRole("button", { name: "Swap" }));
    // The router's reason, in plain words, and what it cost.
    expect((await within(review).findByTestId("swap-error", {}, { timeout: 15_000 })).textContent).toBe(
      `${PRICE_MOVED}. ${TRANSACTION_REVERTED}`,
    );
    const { paid, statuses } = await sentSince(sent);
    expect(statuses).toEqual(["reverted"]);
    expect(ethBeforeRevert - (await ethBalance())).toBe(paid);
    expect(await usdcBalance()).toBe(usdcBefore);
    expect(within(review).getByRole("button", { name: "Swap" })).toBeTruthy(); // and it can be tried again
  });

  it("a swap declined in the wallet says 'Signature declined', sends nothing and can be tried again", async () => {
    const { dialog } = await openSwap();
    await fill(dialog, { from: "ETH", to: "mUSDC", amount: "0.2" });
    const review = await openReview(dialog);
    const sent = wallet.transactions.length;
    const before = await usdcBalance();
    wallet.rejectNext("eth_sendTransaction");
    await userEvent.click(within(review).getByRole("button", { name: "Swap" }));
    expect((await within(review).findByTestId("swap-error")).textContent).toBe(messages.signatureDeclined);
    expect(wallet.transactions.length).toBe(sent);
    expect(await usdcBalance()).toBe(before);
    expect((within(review).getByRole("button", { name: "Swap" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Network not supported for Swaps' / '… for Gas Price' when the API answers so", async () => {
    server.failGasPrice = true;
    const { dialog } = await openSwap();
    await waitFor(() => expect(text(dialog, "swap-gas-price")).toBe(messages.networkNotSupportedForGasPrice));
    server.supportedChains = [];
    await userEvent.type(within(dialog).getByLabelText("Amount"), "0.25");
    await waitFor(
      () => expect(within(dialog).getByRole("alert").textContent).toBe(messages.networkNotSupportedForSwaps),
      {
        timeout: 10_000,
      },
    );
    expect((within(dialog).getByRole("button", { name: "Review swap" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("works from the keyboard: labelled fields and buttons in order, Enter reviews, the Swap button swaps", async () => {
    const { dialog } = await openSwap();
    const from = within(dialog).getByLabelText("From");
    from.focus();
    await userEvent.tab();
    const amount = within(dialog).getByLabelText("Amount");
    expect(document.activeElement).toBe(amount);
    await userEvent.keyboard("0.1");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Max" }));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("To"));
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "0.1 %" }));
    await userEvent.keyboard(" ");
    expect(within(dialog).getByRole("button", { name: "0.1 %" }).getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(text(dialog, "swap-min-received")).toContain("mUSDC"), { timeout: 10_000 });
    await waitFor(() =>
      expect((within(dialog).getByRole("button", { name: "Review swap" }) as HTMLButtonElement).disabled).toBe(false),
    );
    // Enter in the amount submits the form.
    amount.focus();
    await userEvent.keyboard("{Enter}");
    const review = await screen.findByRole("dialog", { name: "Review Swap" });
    await within(review).findByTestId("swap-summary");
    await quoteSettled(review);
    const before = await usdcBalance();
    const swap = within(review).getByRole("button", { name: "Swap" });
    swap.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText(/^Swapped 0\.1 ETH for [\d,.]+ mUSDC$/, {}, { timeout: 15_000 })).toBeTruthy();
    expect((await usdcBalance()) - before).toBeGreaterThan(0n);
  });
});

const FRAME_URL = "http://127.0.0.1:5174/";
/** Sets an account's ETH on anvil (e.g. emptied by another device after the review). */
async function setBalance(address: Address, wei: bigint) {
  await deployed.client.request({ method: "anvil_setBalance", params: [address, `0x${wei.toString(16)}`] } as never);
}

/**
 * A new email user of the embedded wallet, with its own key: the stand-in frame (happy-dom loads no iframe page)
 * answers the frame's protocol, reads from anvil, and sends an approved transaction there as the real frame does;
 * its SHOW / HIDE notices drive the wallet's router exactly as the real frame's do. Logs in, then Account → Swap.
 */
async function openEmbeddedSwap(privateKey: Hex, email: string) {
  standIn = installStandInFrame({ frameUrl: FRAME_URL, privateKey, rpcUrl });
  const rendered = renderWallet({
    rpcUrl,
    devAccounts: false,
    apiUrl: server.url,
    analytics: false,
    tokens: { 31337: deployed.tokens.map((t) => ({ address: t.address })) },
    embeddedWallet: { frameUrl: FRAME_URL },
  });
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.type(within(connect).getByLabelText("Email"), email);
  await userEvent.click(within(connect).getByRole("button", { name: "Continue with email" }));
  const otp = await screen.findByRole("dialog", { name: "Confirm Email" }, { timeout: 5000 });
  await userEvent.type(await within(otp).findByLabelText("Code"), "123456");
  await userEvent.click(within(otp).getByRole("button", { name: "Continue" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 5000 });
  await userEvent.click(await screen.findByRole("button", { name: /^Account 0x/ }));
  const account = await screen.findByRole("dialog", { name: "Account" });
  await userEvent.click(await within(account).findByRole("button", { name: "Swap" }));
  const dialog = await screen.findByRole("dialog", { name: "Swap" });
  await waitFor(() => expect(within(dialog).getByLabelText("From").textContent).toContain("mUSDC"));
  return { ...rendered, dialog };
}

describe("Swap with the embedded wallet (email login, secure frame)", () => {
  it("a swap that fails after Approve in the frame says why on Review Swap once it is back; Reject says so too", async () => {
    const key = generatePrivateKey();
    const owner = privateKeyToAccount(key).address;
    await setBalance(owner, parseEther("1"));
    const { dialog, core } = await openEmbeddedSwap(key, "ivan@example.test");
    await fill(dialog, { from: "ETH", to: "mUSDC", amount: "0.1" });
    const review = await openReview(dialog);
    // Emptied elsewhere once the swap is built: the frame cannot pay for the swap it is asked to send.
    server.beforeNextBuildAnswer(() => setBalance(owner, 0n));

    await userEvent.click(within(review).getByRole("button", { name: "Swap" }));
    // The frame's SHOW puts its approval over Review Swap (the same router push as in the app).
    const approve = await screen.findByRole("dialog", { name: "Approve Transaction" }, { timeout: 10_000 });
    await within(approve).findByTestId("embedded-frame-slot");
    expect(core.router.getState().history.slice(-2)).toEqual(["SwapPreview", "ApproveTransaction"]);
    await standIn?.approve();
    // HIDE went back to Review Swap before the frame's answer (the error) arrived: the view that asked says it.
    const back = await screen.findByRole("dialog", { name: "Review Swap" });
    expect((await within(back).findByTestId("swap-error", {}, { timeout: 10_000 })).textContent).toBe(
      "Your balance is too low for this swap and its gas",
    );
    expect(within(back).getByTestId("swap-error").getAttribute("role")).toBe("alert");
    expect(await deployed.client.getTransactionCount({ address: owner })).toBe(0); // nothing on chain
    expect(core.router.getState().history.at(-1)).toBe("SwapPreview");

    // Rejected in the frame: the wallet's rejection, on Review Swap again, and the swap can be tried again.
    await setBalance(owner, parseEther("1"));
    await userEvent.click(await within(back).findByRole("button", { name: "Swap" }));
    await screen.findByRole("dialog", { name: "Approve Transaction" }, { timeout: 10_000 });
    standIn?.reject();
    const again = await screen.findByRole("dialog", { name: "Review Swap" });
    expect((await within(again).findByTestId("swap-error")).textContent).toBe(messages.signatureDeclined);
    await waitFor(() =>
      expect((within(again).getByRole("button", { name: "Swap" }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(await deployed.client.getTransactionCount({ address: owner })).toBe(0);
  });

  it("an account without ETH is told before Review that it needs ETH for the network fee; Buy ETH opens Buy", async () => {
    const key = generatePrivateKey();
    const owner = privateKeyToAccount(key).address;
    await deployed.mint(usdc, owner, "500");
    const ethPrice = 3000;
    server.prices.set(ETH.toLowerCase(), ethPrice);
    try {
      const { dialog } = await openEmbeddedSwap(key, "judy@example.test");
      await userEvent.selectOptions(within(dialog).getByLabelText("From"), "mUSDC");
      await userEvent.selectOptions(within(dialog).getByLabelText("To"), "ETH");
      await userEvent.type(within(dialog).getByLabelText("Amount"), "100");
      // The fee of an approval of mUSDC and the swap at the API's gas price, in dollars at the price the wallet has.
      const gasPrice = BigInt((await createSwapClient({ apiUrl: server.url }).gasPrice(31337)).standard);
      const fee = Number(formatEther((SWAP_GAS_LIMIT + APPROVE_GAS_LIMIT) * gasPrice)) * ethPrice;
      const said = `You need ETH for the network fee (about ${formatUsd(fee)}).`;
      await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe(said), { timeout: 10_000 });
      await waitFor(() => expect(text(dialog, "swap-min-received")).toContain("ETH"), { timeout: 10_000 });
      const reviewButton = within(dialog).getByRole("button", { name: "Review swap" }) as HTMLButtonElement;
      expect(reviewButton.disabled).toBe(true);
      expect(within(dialog).getByLabelText("Amount").getAttribute("aria-describedby")).toBe(
        within(dialog).getByRole("alert").id,
      );
      // Enter does not go to Review either.
      within(dialog).getByLabelText("Amount").focus();
      await userEvent.keyboard("{Enter}");
      expect(screen.queryByRole("dialog", { name: "Review Swap" })).toBeNull();

      await userEvent.click(within(dialog).getByRole("button", { name: "Buy ETH" }));
      const buy = await screen.findByRole("dialog", { name: "Buy" });
      await waitFor(() => expect((within(buy).getByLabelText("Token") as HTMLSelectElement).value).toBe("ETH"), {
        timeout: 10_000,
      });
    } finally {
      server.prices.delete(ETH.toLowerCase());
    }
  });
});
