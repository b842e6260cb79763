// @vitest-environment happy-dom
// The local Solana RPC's dev accounts in the Connect view (issue 32 B4): a newcomer without a Solana wallet connects
// one locally, and sends through it against the local RPC as the Wallet Standard test wallet does.
import { type SolanaLocal, startSolanaLocal } from "@fundament/solana-local";
import { getAddressFromPublicKey, address as toAddress } from "@solana/kit";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { solanaDevKeyPair } from "../../../features/solana/createSolanaDevWallet.js";
import { solanaDevnet } from "../../../features/solana/networks.js";
import { solanaRpc } from "../../../features/solana/rpc.js";
import {
  SOLANA_DEV_ACCOUNT_ADDRESSES,
  SOLANA_DEV_CONNECTOR_ID,
  SOLANA_LOCAL_GENESIS_HASH,
  SOLANA_LOCAL_ID,
} from "../../../features/solana/solanaDevAccounts.js";
import type { SolanaConfig } from "../../../features/solana/types.js";
import { renderWallet } from "../../testUtils.js";

let local: SolanaLocal;
beforeAll(async () => {
  local = await startSolanaLocal();
});
afterAll(async () => {
  await local?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

// No EVM RPC is needed here: the EVM family stays disconnected.
const NO_EVM_RPC = "http://127.0.0.1:9";

function renderWithSolana(solana: Partial<SolanaConfig> = {}) {
  return renderWallet({
    rpcUrl: NO_EVM_RPC,
    devAccounts: false,
    solana: { rpcUrl: local.url, genesisHash: local.genesisHash, ...solana },
  });
}

async function lamportsOf(address: string): Promise<bigint> {
  return (await solanaRpc(local.url).getBalance(toAddress(address)).send()).value;
}

describe("Solana dev accounts (local network only)", () => {
  it("are the local RPC's: its fixed genesis hash, its funded accounts and their keys", async () => {
    expect(local.genesisHash).toBe(SOLANA_LOCAL_GENESIS_HASH);
    expect(SOLANA_LOCAL_ID).toBe(`solana:${local.genesisHash.slice(0, 32)}`);
    expect(SOLANA_DEV_ACCOUNT_ADDRESSES).toEqual(local.accounts.map((a) => a.address));
    for (const [index, expected] of SOLANA_DEV_ACCOUNT_ADDRESSES.entries()) {
      const { publicKey } = await solanaDevKeyPair(index);
      expect(await getAddressFromPublicKey(publicKey)).toBe(expected);
    }
  });

  it("connects a newcomer without a Solana wallet, sends SOL through the local RPC and switches dev account", async () => {
    const { core, runtime } = renderWithSolana();
    const [first, second, third] = SOLANA_DEV_ACCOUNT_ADDRESSES as [string, string, string];
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    let dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(await within(dialog).findByRole("button", { name: /Dev accounts \(Solana Local\).*Solana/ }));
    await screen.findByRole("button", { name: `Account ${first}` });
    expect(core.state.chain("solana").account).toMatchObject({
      status: "connected",
      caipAddress: `${SOLANA_LOCAL_ID}:${first}`,
      connectedWalletInfo: expect.objectContaining({ id: SOLANA_DEV_CONNECTOR_ID }),
    });

    // Send 1.5 SOL to dev account #1: signed in the page, sent and confirmed through the local RPC.
    const before = await lamportsOf(second);
    await userEvent.click(screen.getByRole("button", { name: `Account ${first}` }));
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await waitFor(() => expect(within(dialog).getByTestId("solana-balance").textContent).toMatch(/SOL$/));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Send" }));
    dialog = await screen.findByRole("dialog", { name: "Send" });
    await waitFor(() => expect(within(dialog).getByLabelText("Token").textContent).toMatch(/SOL/));
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1.5");
    await userEvent.type(within(dialog).getByLabelText("To"), second);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Transaction started", {}, { timeout: 15_000 })).toBeTruthy();
    expect(await lamportsOf(second)).toBe(before + 1_500_000_000n);

    // The Account view's "Dev account" picker: act as another funded account.
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.selectOptions(await within(dialog).findByLabelText("Dev account"), "2");
    await waitFor(() => expect(core.state.chain("solana").account.address).toBe(third));
    expect(localStorage.getItem("fundament.wallet.solana.devAccount")).toBe("2");
    expect((await runtime.solana?.load())?.devAccounts?.index()).toBe(2);
  }, 60_000);

  it("are not offered on another Solana network, nor with devAccounts: false", async () => {
    const devnet = renderWithSolana({ networks: [solanaDevnet(local.url)] });
    const onDevnet = await devnet.runtime.solana?.load();
    expect(onDevnet?.connectors().map((c) => c.id)).not.toContain(SOLANA_DEV_CONNECTOR_ID);
    expect(onDevnet?.devAccounts).toBeUndefined();
    cleanup();

    const off = renderWithSolana({ devAccounts: false });
    const family = await off.runtime.solana?.load();
    expect(family?.connectors()).toEqual([]);
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    expect(within(dialog).queryByRole("button", { name: /Solana Local/ })).toBeNull();
    cleanup();

    const on = renderWithSolana();
    expect((await on.runtime.solana?.load())?.connectors().map((c) => c.id)).toEqual([SOLANA_DEV_CONNECTOR_ID]);
  });
});
