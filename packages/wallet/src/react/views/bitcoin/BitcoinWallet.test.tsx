// @vitest-environment happy-dom
import * as ecc from "@bitcoinerlab/secp256k1";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { networks, payments } from "bitcoinjs-lib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BITCOIN_REGTEST_ID } from "../../../features/bitcoin/networks.js";
import {
  BITCOIN_TEST_WALLET_FEE_SATS,
  type BitcoinTestWallet,
  bitcoinMessageHash,
  installBitcoinTestWallet,
} from "../../../testing/installBitcoinTestWallet.js";
import { type BitcoinBalanceServer, startBitcoinBalanceServer } from "../../../testing/startBitcoinBalanceServer.js";
import { renderWallet } from "../../testUtils.js";

// No EVM RPC is needed here: the EVM family stays disconnected.
const NO_EVM_RPC = "http://127.0.0.1:9";
const PRIVATE_KEY = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const OTHER_KEY = Uint8Array.from({ length: 32 }, (_, i) => 64 - i);

let api: BitcoinBalanceServer;
let wallet: BitcoinTestWallet | undefined;
beforeAll(async () => {
  api = await startBitcoinBalanceServer({ network: "regtest" });
});
afterAll(async () => {
  await api?.stop();
});
beforeEach(() => {
  localStorage.clear();
  api.setFailing(false);
});
afterEach(() => {
  cleanup();
  wallet?.uninstall();
  wallet = undefined;
});

function renderWithBitcoin() {
  return renderWallet({
    rpcUrl: NO_EVM_RPC,
    devAccounts: false,
    bitcoin: { balanceApiUrl: api.url, network: "regtest" },
  });
}

async function connectTestWallet(options: { send?: boolean; privateKey?: Uint8Array } = {}) {
  wallet = installBitcoinTestWallet({
    privateKey: options.privateKey ?? PRIVATE_KEY,
    network: "regtest",
    apiUrl: options.send ? api.url : undefined,
  });
  const rendered = renderWithBitcoin();
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.click(await within(dialog).findByRole("button", { name: /Fundament Bitcoin Test Wallet.*Bitcoin/ }));
  await screen.findByRole("button", { name: `Account ${wallet.address}` });
  return { ...rendered, address: wallet.address };
}

async function openAccount(address: string) {
  await userEvent.click(screen.getByRole("button", { name: `Account ${address}` }));
  return screen.findByRole("dialog", { name: "Account" });
}

/** Recovers the P2WPKH address of a BIP-137 signature (header 39–42) over the legacy message hash. */
function signerOf(message: string, signatureBase64: string): string | undefined {
  const bytes = Uint8Array.from(atob(signatureBase64), (c) => c.charCodeAt(0));
  expect(bytes).toHaveLength(65);
  const header = bytes[0] as number;
  expect(header).toBeGreaterThanOrEqual(39);
  expect(header).toBeLessThanOrEqual(42);
  const hash = bitcoinMessageHash(new TextEncoder().encode(message));
  const pubkey = ecc.recover(hash, bytes.slice(1), (header - 39) as 0 | 1 | 2 | 3, true);
  if (!pubkey || !ecc.verify(hash, pubkey, bytes.slice(1))) return undefined;
  return payments.p2wpkh({ pubkey, network: networks.regtest }).address;
}

describe("bitcoin family (Wallet Standard) against the stand-in balance API", () => {
  it("lists the standard wallet tagged Bitcoin, connects its payment address, shows the BTC balance, disconnects", async () => {
    const { runtime, core, address } = await connectTestWallet();
    expect(address.startsWith("bcrt1q")).toBe(true);
    api.fund(address, 150_000_000n);
    expect(runtime.bitcoin?.connectors.getState().list).toEqual([
      expect.objectContaining({ name: "Fundament Bitcoin Test Wallet", type: "ANNOUNCED", chain: "bip122" }),
    ]);
    expect(core.state.getState().activeChain).toBe("bip122");
    const account = core.state.chain("bip122").account;
    expect(account.status).toBe("connected");
    expect(account.caipAddress).toBe(`${BITCOIN_REGTEST_ID}:${address}`);
    expect(account.allAccounts).toEqual([{ address, type: "payment" }]);
    expect(core.state.chain("eip155").account.status).toBe("disconnected");

    const dialog = await openAccount(address);
    await waitFor(() => expect(within(dialog).getByTestId("bitcoin-balance").textContent).toBe("1.5 BTC"));
    expect(within(dialog).getByTestId("bitcoin-account-type").textContent).toBe("Account type: payment");
    expect(api.requests).toContain(`GET /address/${address}`);
    // Without bitcoin:sendTransfer there is no Send.
    expect(within(dialog).getByRole("button", { name: "Sign message" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Send" })).toBeNull();

    // Receive shows the payment address on this network.
    await userEvent.click(within(dialog).getByRole("button", { name: "Receive" }));
    const receive = await screen.findByRole("dialog", { name: "Receive" });
    expect(await within(receive).findByText(address)).toBeTruthy();
    expect(within(receive).getByText("Only send assets on Bitcoin Regtest to this address.")).toBeTruthy();
    await userEvent.click(within(receive).getByRole("button", { name: /Back/ }));
    const back = await screen.findByRole("dialog", { name: "Account" });

    await userEvent.click(within(back).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    expect(core.state.chain("bip122").account.status).toBe("disconnected");
    expect(wallet?.wallet.accounts).toEqual([]);
    expect(core.bus.history().map((e) => e.event)).toContain("DISCONNECT_SUCCESS");
  });

  it("signs a message: the BIP-137 signature is shown, copyable, and recovers to the payment address", async () => {
    const { address } = await connectTestWallet();
    const dialog = await openAccount(address);
    await userEvent.click(within(dialog).getByRole("button", { name: "Sign message" }));
    const form = within(dialog).getByRole("form", { name: "Sign message" });
    await userEvent.click(within(form).getByRole("button", { name: "Sign" }));
    expect(within(form).getByRole("alert").textContent).toBe("Enter a message to sign");

    const message = "Hello from Fundament ✓";
    await userEvent.type(within(form).getByLabelText("Message"), message);
    await userEvent.click(within(form).getByRole("button", { name: "Sign" }));
    const signature = (await within(form).findByTestId("bitcoin-signature")).textContent as string;
    expect(signerOf(message, signature)).toBe(address);
    // Another message does not recover to this address.
    expect(signerOf("something else", signature)).not.toBe(address);
    expect(wallet?.signed.messages.map((m) => new TextDecoder().decode(m))).toEqual([message]);

    await userEvent.click(within(form).getByRole("button", { name: "Copy signature" }));
    await waitFor(() => expect(within(form).getByRole("button", { name: "Copied" })).toBeTruthy());
    expect(await navigator.clipboard.readText()).toBe(signature);

    // A refused signature is a plain sentence.
    wallet?.rejectNext();
    await userEvent.click(within(form).getByRole("button", { name: "Sign" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Signature declined");
  });

  it("balance API down: 'Token Balance Unavailable' in the view and as a toast, never a raw error", async () => {
    api.setFailing(true);
    const { address } = await connectTestWallet();
    const dialog = await openAccount(address);
    await waitFor(() =>
      expect(within(dialog).getByTestId("bitcoin-balance").textContent).toBe("Token Balance Unavailable"),
    );
    expect(screen.getAllByText("Token Balance Unavailable").length).toBeGreaterThanOrEqual(2);
    expect(document.body.textContent).not.toMatch(/503|Service Unavailable|Error:/);
  });

  it("a refused connection says so and can be retried", async () => {
    wallet = installBitcoinTestWallet({ privateKey: PRIVATE_KEY, network: "regtest" });
    wallet.rejectNext();
    const { core } = renderWithBitcoin();
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(await within(dialog).findByRole("button", { name: /Fundament Bitcoin Test Wallet/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Connection declined");
    expect(core.state.chain("bip122").account.status).toBe("disconnected");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: `Account ${wallet.address}` });
  });

  it("sends BTC where the wallet has bitcoin:sendTransfer (plain validation texts), then switches back to EVM", async () => {
    const { core, address } = await connectTestWallet({ send: true, privateKey: OTHER_KEY });
    api.fund(address, 100_000_000n);
    const receiver = payments.p2wpkh({
      pubkey: ecc.pointFromScalar(PRIVATE_KEY, true) as Uint8Array,
      network: networks.regtest,
    }).address as string;
    const before = api.balanceOf(receiver);
    let dialog = await openAccount(address);
    await waitFor(() => expect(within(dialog).getByTestId("bitcoin-balance").textContent).toBe("1 BTC"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    const form = within(dialog).getByRole("form", { name: "Send bitcoin" });
    const submit = within(form).getByRole("button", { name: "Send" });
    await userEvent.click(submit);
    expect(within(form).getByRole("alert").textContent).toBe("Please enter a valid amount and receiver address");
    await userEvent.type(within(form).getByLabelText("Amount (BTC)"), "0.25");
    await userEvent.type(within(form).getByLabelText("To"), "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    await userEvent.click(submit);
    expect(within(form).getByRole("alert").textContent).toBe("Enter a bitcoin address of this network");
    await userEvent.clear(within(form).getByLabelText("To"));
    await userEvent.type(within(form).getByLabelText("To"), receiver);
    await userEvent.clear(within(form).getByLabelText("Amount (BTC)"));
    await userEvent.type(within(form).getByLabelText("Amount (BTC)"), "2");
    await userEvent.click(submit);
    expect(within(form).getByRole("alert").textContent).toBe("Amount exceeds your balance");
    await userEvent.clear(within(form).getByLabelText("Amount (BTC)"));
    await userEvent.type(within(form).getByLabelText("Amount (BTC)"), "0.25");
    await userEvent.click(submit);
    expect(await screen.findByText("Transaction started")).toBeTruthy();
    expect(api.balanceOf(receiver)).toBe(before + 25_000_000n);
    expect(api.balanceOf(address)).toBe(75_000_000n - BITCOIN_TEST_WALLET_FEE_SATS);
    const [transfer] = wallet?.signed.transfers ?? [];
    expect(transfer?.amount).toBe("25000000");
    expect(api.transactions.has(transfer?.txid as string)).toBe(true);
    expect(core.bus.history().map((e) => e.event)).toEqual(expect.arrayContaining(["SEND_INITIATED", "SEND_SUCCESS"]));
    // The balance is read again.
    await waitFor(() =>
      expect(within(dialog).getByTestId("bitcoin-balance").getAttribute("title")).toBe("0.74999 BTC"),
    );
    expect(within(dialog).getByTestId("bitcoin-balance").textContent).toBe("0.75 BTC");

    // A refused send: a plain toast, nothing moves.
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    const again = within(dialog).getByRole("form", { name: "Send bitcoin" });
    await userEvent.type(within(again).getByLabelText("Amount (BTC)"), "0.1");
    await userEvent.type(within(again).getByLabelText("To"), receiver);
    wallet?.rejectNext();
    await userEvent.click(within(again).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Signature declined")).toBeTruthy();
    expect(api.balanceOf(receiver)).toBe(before + 25_000_000n);
    await userEvent.click(within(again).getByRole("button", { name: "Cancel" }));

    // Switch back to EVM in the Networks view.
    await userEvent.click(within(dialog).getByRole("button", { name: /Bitcoin Regtest/ }));
    dialog = await screen.findByRole("dialog", { name: "Choose Network" });
    expect(await within(dialog).findByRole("button", { name: /Bitcoin Regtest.*Active/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: /Foundry/ }));
    await waitFor(() => expect(core.state.getState().activeChain).toBe("eip155"));
    expect(core.state.getState().isSwitchingNamespace).toBe(false);
    // The bitcoin account stays connected in its family, and the button says so (the EVM family has none).
    expect(core.state.chain("bip122").account.status).toBe("connected");
    // (The header's button, behind the open dialog.)
    expect(
      await screen.findByRole("button", { name: `No EVM wallet connected; Bitcoin account ${address}`, hidden: true }),
    ).toBeTruthy();
    dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(await within(dialog).findByText("No EVM wallet connected")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Connect EVM Wallet" })).toBeTruthy();
  }, 30_000);

  it("restores the bitcoin connection silently after a reload (same browser), until Disconnect", async () => {
    const { address } = await connectTestWallet();
    expect(localStorage.getItem("fundament.wallet.bitcoin")).toBe("bip122:Fundament Bitcoin Test Wallet");
    cleanup();

    // Reload: a new provider; the wallet is still installed in the page.
    const again = renderWithBitcoin();
    await screen.findByRole("button", { name: `Account ${address}` });
    expect(again.core.state.getState().activeChain).toBe("bip122");
    const dialog = await openAccount(address);
    await userEvent.click(await within(dialog).findByRole("button", { name: "Disconnect" }));
    await screen.findByRole("button", { name: "Connect Wallet" });
    expect(localStorage.getItem("fundament.wallet.bitcoin")).toBeNull();
    cleanup();

    renderWithBitcoin();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
  });

  it("without the bitcoin config there is no bitcoin wallet in the Connect view", async () => {
    wallet = installBitcoinTestWallet({ privateKey: PRIVATE_KEY, network: "regtest" });
    const { runtime } = renderWallet({ rpcUrl: NO_EVM_RPC, devAccounts: false });
    expect(runtime.bitcoin).toBeUndefined();
    expect(runtime.networks.some((n) => n.chainNamespace === "bip122")).toBe(false);
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await new Promise((r) => setTimeout(r, 200));
    expect(within(dialog).queryByRole("button", { name: /Bitcoin Test Wallet/ })).toBeNull();
  });
});
