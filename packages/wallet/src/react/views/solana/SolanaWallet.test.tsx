// @vitest-environment happy-dom
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type SolanaLocal, startSolanaLocal } from "@fundament/solana-local";
import { address as toAddress } from "@solana/kit";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { solanaRpc } from "../../../features/solana/rpc.js";
import { installSolanaTestWallet, type SolanaTestWallet } from "../../../testing/installSolanaTestWallet.js";
import { renderWallet } from "../../testUtils.js";

let local: SolanaLocal;
let wallet: SolanaTestWallet | undefined;
beforeAll(async () => {
  local = await startSolanaLocal();
});
afterAll(async () => {
  await local?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  wallet?.uninstall();
  wallet = undefined;
});

// No EVM RPC is needed here: the EVM family stays disconnected.
const NO_EVM_RPC = "http://127.0.0.1:9";

function renderWithSolana() {
  return renderWallet({
    rpcUrl: NO_EVM_RPC,
    devAccounts: false,
    solana: {
      rpcUrl: local.url,
      genesisHash: local.genesisHash,
      tokens: [{ mint: local.mint.address, symbol: local.mint.symbol, name: "Mock USD Coin" }],
    },
  });
}

async function connectTestWallet() {
  const account = local.accounts[0];
  if (!account) throw new Error("no dev account");
  wallet = await installSolanaTestWallet({ secretKey: account.secretKey, rpcUrl: local.url });
  const rendered = renderWithSolana();
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.click(await within(dialog).findByRole("button", { name: /Fundament Solana Test Wallet.*Solana/ }));
  await screen.findByRole("button", { name: `Account ${account.address}` });
  return { ...rendered, account };
}

async function lamportsOf(address: string): Promise<bigint> {
  return (await solanaRpc(local.url).getBalance(toAddress(address)).send()).value;
}

describe("Solana family (Wallet Standard) against the local RPC", () => {
  it("lists the standard wallet as an ANNOUNCED solana connector and connects it", async () => {
    const { runtime, core, account } = await connectTestWallet();
    expect(runtime.solana?.connectors.getState().list).toEqual([
      expect.objectContaining({ name: "Fundament Solana Test Wallet", type: "ANNOUNCED", chain: "solana" }),
      // On the local network, the local dev accounts too.
      expect.objectContaining({ name: "Dev accounts (Solana Local)", type: "ANNOUNCED", chain: "solana" }),
    ]);
    expect(core.state.getState().activeChain).toBe("solana");
    const solana = core.state.chain("solana").account;
    expect(solana.status).toBe("connected");
    expect(solana.caipAddress).toBe(`solana:${local.genesisHash.slice(0, 32)}:${account.address}`);
    expect(core.state.chain("eip155").account.status).toBe("disconnected");

    // Disconnect from the Account view: the wallet is told, the family is reset.
    await userEvent.click(screen.getByRole("button", { name: `Account ${account.address}` }));
    const dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Disconnect" }));
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    expect(core.state.chain("solana").account.status).toBe("disconnected");
    expect(wallet?.wallet.accounts).toEqual([]);
    expect(core.bus.history().map((e) => e.event)).toContain("DISCONNECT_SUCCESS");
  });

  it("a refused connection says so and can be retried", async () => {
    const account = local.accounts[0];
    if (!account) throw new Error("no dev account");
    wallet = await installSolanaTestWallet({ secretKey: account.secretKey, rpcUrl: local.url });
    wallet.rejectNext();
    const { core } = renderWithSolana();
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(await within(dialog).findByRole("button", { name: /Fundament Solana Test Wallet/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Connection declined");
    expect(core.state.chain("solana").account.status).toBe("disconnected");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: `Account ${account.address}` });
  });

  it("shows SOL and mUSDC, sends SOL (the receiver's balance rises), shows it in Activity, switches back to EVM", async () => {
    const { core, account } = await connectTestWallet();
    const receiver = local.accounts[1]?.address as string;
    const before = await lamportsOf(receiver);

    await userEvent.click(screen.getByRole("button", { name: `Account ${account.address}` }));
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    await waitFor(() => expect(within(dialog).getByTestId("solana-balance").textContent).toMatch(/SOL$/));
    expect(within(dialog).getByTestId("solana-balance").textContent).toMatch(/^1,000(\.00)? SOL$|^1000 SOL$/);
    const tokens = await within(dialog).findByRole("region", { name: "Token balances" });
    expect(tokens.textContent).toContain("Mock USD Coin");
    expect(tokens.textContent).toMatch(/100,000.*mUSDC/);

    // Validation: the spec's text, then a receiver that is not a public key.
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send" }));
    dialog = await screen.findByRole("dialog", { name: "Send" });
    await waitFor(() => expect(within(dialog).getByLabelText("Token").textContent).toMatch(/SOL/));
    const submit = within(dialog).getByRole("button", { name: "Send" });
    await userEvent.click(submit);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Please enter a valid amount and receiver address",
    );
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1.5");
    await userEvent.type(within(dialog).getByLabelText("To"), "7S3P4HxJpyyigGzodYwHtCxZyUQe9JiB");
    await userEvent.click(submit);
    expect(within(dialog).getByRole("alert").textContent).toMatch(/Solana address/);

    await userEvent.clear(within(dialog).getByLabelText("To"));
    await userEvent.type(within(dialog).getByLabelText("To"), receiver);
    // The whole balance leaves nothing for the fee.
    await userEvent.clear(within(dialog).getByLabelText("Amount"));
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1000");
    await userEvent.click(submit);
    expect(within(dialog).getByRole("alert").textContent).toBe("Insufficient funds for gas");
    await userEvent.clear(within(dialog).getByLabelText("Amount"));
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1.5");
    await userEvent.click(submit);
    expect(await screen.findByText("Transaction started", {}, { timeout: 15_000 })).toBeTruthy();
    expect(await lamportsOf(receiver)).toBe(before + 1_500_000_000n);
    expect(wallet?.signed.transactions).toHaveLength(1);
    expect(core.bus.history().map((e) => e.event)).toEqual(expect.arrayContaining(["SEND_INITIATED", "SEND_SUCCESS"]));

    // Back on Account (no back-navigation); the balance went down.
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await waitFor(() => expect(within(dialog).getByTestId("solana-balance").textContent).toMatch(/^998\.\d+ SOL$/));

    // Activity from getSignaturesForAddress.
    await userEvent.click(within(dialog).getByRole("button", { name: "Activity" }));
    dialog = await screen.findByRole("dialog", { name: /Activity|Transactions/ });
    const list = await within(dialog).findByRole("list", { name: "Transactions" });
    expect(within(list).getAllByRole("listitem").length).toBeGreaterThanOrEqual(1);
    // The newest row: this send, its amount without the fee.
    expect(within(list).getAllByRole("listitem")[0]?.textContent).toMatch(/^Sent 1\.5 SOL /);

    // Switch back to EVM in the Networks view.
    await userEvent.click(await screen.findByRole("button", { name: /Back/ }));
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Solana Local/ }));
    dialog = await screen.findByRole("dialog", { name: "Choose Network" });
    expect(await within(dialog).findByRole("button", { name: /Solana Local.*Active/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: /Foundry/ }));
    await waitFor(() => expect(core.state.getState().activeChain).toBe("eip155"));
    expect(core.state.getState().isSwitchingNamespace).toBe(false);
    // The Solana account stays connected in its family, and the button says so (the EVM family has none).
    expect(core.state.chain("solana").account.status).toBe("connected");
    // (The header's button, behind the open dialog.)
    expect(
      await screen.findByRole("button", {
        name: `No EVM wallet connected; Solana account ${account.address}`,
        hidden: true,
      }),
    ).toBeTruthy();
    dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(await within(dialog).findByText("No EVM wallet connected")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Connect EVM Wallet" })).toBeTruthy();
  }, 60_000);

  it("sends an SPL token (mUSDC) to an account", async () => {
    await connectTestWallet();
    const receiver = local.accounts[2]?.address as string;
    await userEvent.click(screen.getByRole("button", { name: /^Account / }));
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send" }));
    dialog = await screen.findByRole("dialog", { name: "Send" });
    const select = (await within(dialog).findByLabelText("Token")) as HTMLSelectElement;
    await waitFor(() => expect(select.textContent).toMatch(/mUSDC/));
    await userEvent.selectOptions(select, `solana:${local.genesisHash.slice(0, 32)}:${local.mint.address}`);
    await userEvent.type(within(dialog).getByLabelText("Amount"), "25.5");
    await userEvent.type(within(dialog).getByLabelText("To"), receiver);
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Transaction started", {}, { timeout: 15_000 })).toBeTruthy();
    const rpc = solanaRpc(local.url);
    const accounts = await rpc
      .getTokenAccountsByOwner(toAddress(receiver), { mint: toAddress(local.mint.address) }, { encoding: "jsonParsed" })
      .send();
    const data = accounts.value[0]?.account.data as
      | { parsed: { info: { tokenAmount: { amount: string } } } }
      | undefined;
    const amount = data?.parsed.info.tokenAmount.amount;
    expect(amount).toBe(String(100_000_000_000n + 25_500_000n));
    // Activity reads the token transfer from the transaction's token balances.
    let after = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(await within(after).findByRole("button", { name: "Activity" }));
    after = await screen.findByRole("dialog", { name: /Activity|Transactions/ });
    const list = await within(after).findByRole("list", { name: "Transactions" });
    expect(within(list).getAllByRole("listitem")[0]?.textContent).toMatch(/^Sent 25\.5 mUSDC /);
  }, 60_000);

  it("a refused signature: toast 'Failed to send transaction. Please try again.', nothing sent, the form stays", async () => {
    const { core } = await connectTestWallet();
    const receiver = local.accounts[3]?.address as string;
    const before = await lamportsOf(receiver);
    await userEvent.click(screen.getByRole("button", { name: /^Account / }));
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send" }));
    dialog = await screen.findByRole("dialog", { name: "Send" });
    await waitFor(() => expect(within(dialog).getByLabelText("Token").textContent).toMatch(/SOL/));
    await userEvent.type(within(dialog).getByLabelText("Amount"), "2");
    await userEvent.type(within(dialog).getByLabelText("To"), receiver);
    wallet?.rejectNext();
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Failed to send transaction. Please try again.")).toBeTruthy();
    expect(await lamportsOf(receiver)).toBe(before);
    expect(core.bus.history().map((e) => e.event)).toContain("SEND_ERROR");
    dialog = await screen.findByRole("dialog", { name: "Send" });
    expect((within(dialog).getByLabelText("Amount") as HTMLInputElement).value).toBe("2");
  }, 60_000);

  it("values SOL and SPL balances in USD from the API's POST /v1/fungible/price", async () => {
    const asked: string[][] = [];
    const api = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        res.setHeader("access-control-allow-origin", "*");
        res.setHeader("access-control-allow-headers", "content-type");
        if (req.method === "POST" && req.url === "/v1/fungible/price") {
          const { addresses } = JSON.parse(body) as { addresses: string[] };
          asked.push(addresses);
          const prices: Record<string, number> = {
            [`solana:${local.genesisHash.slice(0, 32)}:So11111111111111111111111111111111111111112`.toLowerCase()]: 150,
            [`solana:${local.genesisHash.slice(0, 32)}:${local.mint.address}`.toLowerCase()]: 1,
          };
          res.setHeader("content-type", "application/json");
          res.end(
            JSON.stringify({
              fungibles: addresses
                .filter((a) => prices[a] !== undefined)
                .map((a) => ({ name: "", symbol: "", iconUrl: "", price: prices[a], address: a })),
            }),
          );
          return;
        }
        res.statusCode = req.method === "OPTIONS" ? 204 : 404;
        res.end();
      });
    });
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", () => r()));
    try {
      const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
      const account = local.accounts[4];
      if (!account) throw new Error("no dev account");
      wallet = await installSolanaTestWallet({ secretKey: account.secretKey, rpcUrl: local.url });
      renderWallet({
        rpcUrl: NO_EVM_RPC,
        devAccounts: false,
        apiUrl,
        analytics: false,
        solana: {
          rpcUrl: local.url,
          genesisHash: local.genesisHash,
          tokens: [{ mint: local.mint.address, symbol: "mUSDC" }],
        },
      });
      await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
      const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
      await userEvent.click(await within(connect).findByRole("button", { name: /Fundament Solana Test Wallet/ }));
      await userEvent.click(await screen.findByRole("button", { name: `Account ${account.address}` }));
      const dialog = await screen.findByRole("dialog", { name: "Account" });
      // 1,000 SOL × $150 + 100,000 mUSDC × $1.
      expect((await within(dialog).findByTestId("account-total-usd")).textContent).toBe("Total ≈ $250,000.00");
      const tokens = within(dialog).getByRole("region", { name: "Token balances" });
      expect(tokens.textContent).toContain("$100,000.00");
      expect(asked[0]).toHaveLength(2);
    } finally {
      await new Promise<void>((r) => api.close(() => r()));
    }
  }, 60_000);

  it("restores the Solana connection silently after a reload (same browser), until Disconnect", async () => {
    const { account } = await connectTestWallet();
    expect(localStorage.getItem("fundament.wallet.solana")).toBe("solana:Fundament Solana Test Wallet");
    cleanup();

    // Reload: a new provider; the wallet is still installed in the page.
    const again = renderWithSolana();
    const button = await screen.findByRole("button", { name: `Account ${account.address}` });
    expect(again.core.state.getState().activeChain).toBe("solana");
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Disconnect" }));
    await screen.findByRole("button", { name: "Connect Wallet" });
    expect(localStorage.getItem("fundament.wallet.solana")).toBeNull();
    cleanup();

    renderWithSolana();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeTruthy();
  });
});
