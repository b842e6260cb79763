// @vitest-environment happy-dom
// Issue 32 B4: choosing a Solana network with an EVM account connected. One account per family, shown as such; the
// EVM account is never hidden nor said to be disconnected; Connect never loops on 'Connector already connected'; with
// no Solana wallet, 'No Solana wallet found' and nothing changes.
import { type SolanaLocal, startSolanaLocal } from "@fundament/solana-local";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { Address } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useConnection } from "wagmi";
import { getConnection, sendTransaction, waitForTransactionReceipt } from "wagmi/actions";
import { SOLANA_DEV_ACCOUNT_ADDRESSES } from "../../../features/solana/solanaDevAccounts.js";
import type { SolanaConfig } from "../../../features/solana/types.js";
import { useWalletRuntime } from "../../context.js";
import { type UseWalletAccountReturnType, useEvmAccount, useWalletAccount } from "../../hooks/useWalletAccount.js";
import { renderWallet } from "../../testUtils.js";

const { rpcUrl } = testChainForFile();
const EVM_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
let local: SolanaLocal;
beforeAll(async () => {
  local = await startSolanaLocal();
});
afterAll(async () => {
  await local?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const seen: { active?: UseWalletAccountReturnType; evm?: UseWalletAccountReturnType; votes: string[] } = { votes: [] };

/** What the hooks say, and a 'Vote for' that sends from wagmi's account, as the fund app does (`useConnection`). */
function AppProbe() {
  seen.active = useWalletAccount();
  seen.evm = useEvmAccount();
  const { wagmiConfig } = useWalletRuntime();
  const { address, status } = useConnection();
  const [sending, setSending] = useState(false);
  const vote = async () => {
    setSending(true);
    const hash = await sendTransaction(wagmiConfig, { to: address as Address, value: 0n });
    const receipt = await waitForTransactionReceipt(wagmiConfig, { hash });
    seen.votes.push(receipt.from);
    setSending(false);
  };
  return (
    <button type="button" disabled={status !== "connected" || sending} onClick={() => void vote()}>
      Vote for
    </button>
  );
}

function renderStack(solana: Partial<SolanaConfig> = {}) {
  seen.votes = [];
  return renderWallet({
    rpcUrl,
    solana: { rpcUrl: local.url, genesisHash: local.genesisHash, ...solana },
    children: <AppProbe />,
  });
}

async function connectEvmDevAccount() {
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.click(await within(dialog).findByRole("button", { name: /Dev accounts \(anvil\)/ }));
  return screen.findByRole("button", { name: `Account ${EVM_ACCOUNT}` });
}

/** Account → the network row → Choose Network → the Solana Local row. */
async function chooseSolanaLocal() {
  await userEvent.click(await screen.findByRole("button", { name: `Account ${EVM_ACCOUNT}` }));
  let dialog = await screen.findByRole("dialog", { name: "Account" });
  await userEvent.click(within(dialog).getByRole("button", { name: /Foundry/ }));
  dialog = await screen.findByRole("dialog", { name: "Choose Network" });
  await userEvent.click(await within(dialog).findByRole("button", { name: /Solana Local/ }));
}

/** The header's button (outside the dialog): its accessible name. */
function headerButtonName(): string {
  const button = document.querySelector(".fw-connect-button");
  return button?.getAttribute("aria-label") ?? button?.textContent ?? "";
}

describe("a Solana network while the EVM account is connected (issue 32 B4)", () => {
  it("keeps the EVM account: the button says 'No Solana wallet connected' and shows it; Connect offers Solana wallets only; a vote goes from the EVM account only while it is shown", async () => {
    const { core, runtime } = renderStack();
    await connectEvmDevAccount();
    await chooseSolanaLocal();

    // The button: the active family (Solana) has no account, and the EVM account is still there.
    await waitFor(() => expect(headerButtonName()).toBe(`No Solana wallet connected; EVM account ${EVM_ACCOUNT}`));
    expect(document.querySelector(".fw-connect-button")?.textContent).toBe(
      "No Solana wallet connected" + "EVM 0xf39F…2266",
    );
    expect(screen.queryByRole("button", { name: "Connect Wallet" })).toBeNull();
    // The hooks: the active family's account (none), the EVM account whichever family is active.
    expect(seen.active).toMatchObject({ namespace: "solana", status: "disconnected", address: undefined });
    expect(seen.evm).toMatchObject({ namespace: "eip155", status: "connected", address: EVM_ACCOUNT });
    // The core: one account per family.
    expect(core.state.getState().activeChain).toBe("solana");
    expect(core.state.chain("eip155").account).toMatchObject({ status: "connected", address: EVM_ACCOUNT });
    expect(core.state.chain("solana").account.status).toBe("disconnected");
    expect(core.state.connectedNamespaces()).toEqual(["eip155"]);

    // The Account view says so, keeps the EVM account in view and offers Solana wallets only.
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    expect(await within(dialog).findByText("No Solana wallet connected")).toBeTruthy();
    expect(within(dialog).getByText("Your EVM account 0xf39F…2266 stays connected.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect Solana Wallet" }));
    dialog = await screen.findByRole("dialog", { name: "Connect Solana Wallet" });
    const wallets = within(within(dialog).getByRole("list", { name: "Wallets" })).getAllByRole("button");
    expect(wallets.map((b) => b.textContent)).toEqual(["Dev accounts (Solana Local)Solana"]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    // The app's vote goes from the EVM account while the button shows that account.
    await userEvent.click(screen.getByRole("button", { name: "Vote for" }));
    await waitFor(() => expect(seen.votes).toEqual([EVM_ACCOUNT.toLowerCase()]));
    expect(headerButtonName()).toContain(`EVM account ${EVM_ACCOUNT}`);

    // A Solana account joins; the EVM account stays, and both are shown.
    await userEvent.click(document.querySelector(".fw-connect-button") as HTMLElement);
    dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Connect Solana Wallet" }));
    dialog = await screen.findByRole("dialog", { name: "Connect Solana Wallet" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Dev accounts \(Solana Local\)/ }));
    const solanaAccount = SOLANA_DEV_ACCOUNT_ADDRESSES[0];
    await waitFor(() => expect(headerButtonName()).toBe(`Account ${solanaAccount}; EVM account ${EVM_ACCOUNT}`));
    expect(core.state.connectedNamespaces()).toEqual(["eip155", "solana"]);
    expect(seen.active).toMatchObject({ namespace: "solana", status: "connected", address: solanaAccount });
    expect(seen.evm).toMatchObject({ status: "connected", address: EVM_ACCOUNT });

    // Disconnect: no vote is possible any more, and the button says so.
    await act(() => runtime.disconnect());
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Vote for" }) as HTMLButtonElement).disabled).toBe(true);
    expect(seen.evm?.status).toBe("disconnected");
  }, 60_000);

  it("Connect with the EVM connector that is already connected resolves to that connection (no 'Connector already connected')", async () => {
    const { core, runtime, wagmiConfig } = renderStack();
    await connectEvmDevAccount();
    // Straight away: the same connector again.
    await act(() => runtime.connect("devAccounts"));
    expect(runtime.connectAttempt.getState()).toMatchObject({ status: "idle", error: undefined });

    // From a Solana network, through the full Connect view (the loop of the issue).
    await chooseSolanaLocal();
    await waitFor(() => expect(core.state.getState().activeChain).toBe("solana"));
    act(() => core.open({ view: "Connect" }));
    const dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Dev accounts \(anvil\)/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText("Connector already connected.")).toBeNull();
    expect(runtime.connectAttempt.getState().status).toBe("idle");
    expect(core.bus.history().map((e) => e.event)).not.toContain("CONNECT_ERROR");
    // Back on the EVM family, the same connection.
    expect(core.state.getState().activeChain).toBe("eip155");
    expect(getConnection(wagmiConfig)).toMatchObject({ status: "connected", address: EVM_ACCOUNT });
    expect(await screen.findByRole("button", { name: `Account ${EVM_ACCOUNT}` })).toBeTruthy();
  }, 60_000);

  it("with no Solana wallet, choosing a Solana network says 'No Solana wallet found' (and what to do) and changes nothing", async () => {
    const { core, runtime, wagmiConfig } = renderStack({ devAccounts: false });
    await connectEvmDevAccount();
    const before = core.state.getState();
    await chooseSolanaLocal();

    const dialog = await screen.findByRole("dialog", { name: "Choose Network" });
    const alert = await within(dialog).findByRole("alert");
    expect(within(alert).getByText("No Solana wallet found")).toBeTruthy();
    expect(alert.textContent).toMatch(/Install a Solana wallet extension .* then reload this page\./);
    expect(alert.textContent).toMatch(/Solana Local network offers Solana dev accounts/);
    // Nothing else changed: the family, the network, the account, the button, wagmi.
    expect(core.state.getState().activeChain).toBe("eip155");
    expect(core.state.activeNetwork()?.caipNetworkId).toBe("eip155:31337");
    expect(core.state.chain("eip155").account).toMatchObject({ status: "connected", address: EVM_ACCOUNT });
    expect(core.state.chain("eip155").network.activeNetwork?.caipNetworkId).toBe("eip155:31337");
    expect(core.state.getState().chains.solana).toEqual(before.chains.solana);
    expect(headerButtonName()).toBe(`Account ${EVM_ACCOUNT}`);
    expect(getConnection(wagmiConfig).status).toBe("connected");
    expect(within(dialog).getByRole("button", { name: /Foundry.*Active/ })).toBeTruthy();
    // The runtime says why.
    const solanaLocal = runtime.networks.find((n) => n.chainNamespace === "solana");
    if (!solanaLocal) throw new Error("no Solana network");
    expect(await runtime.switchNetwork(solanaLocal)).toBe("noWallet");
    expect(core.state.getState().activeChain).toBe("eip155");
  }, 60_000);
});
