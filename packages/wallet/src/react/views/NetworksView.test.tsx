// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { foundry, mainnet } from "viem/chains";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect, getConnection } from "wagmi/actions";
import { installTestWallet } from "../../testing/installTestWallet.js";
import { renderWallet } from "../testUtils.js";

const { rpcUrl } = testChainForFile();
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("Networks view", () => {
  it("switches the wallet's network, tracks SWITCH_NETWORK and goes back to Account; a refusal toasts", async () => {
    const wallet = installTestWallet({
      rpcUrl,
      rdns: "org.test.networks",
      uuid: "00000000-0000-4000-8000-0000000000c1",
      name: "Network Wallet",
      switchableChainIds: [31337, 1],
    });
    const rendered = renderWallet({ rpcUrl, chains: [foundry, mainnet], devAccounts: false });
    const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "org.test.networks");
    if (!connector) throw new Error("not discovered");
    await act(() => connect(rendered.wagmiConfig, { connector }));
    await userEvent.click(await screen.findByRole("button", { name: /^Account 0x/ }));
    let dialog = await screen.findByRole("dialog", { name: "Account" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Foundry/ }));
    dialog = await screen.findByRole("dialog", { name: "Choose Network" });
    expect(await within(dialog).findByRole("button", { name: /Foundry.*Active/ })).toBeTruthy();

    wallet.rejectNext("wallet_switchEthereumChain");
    await userEvent.click(within(dialog).getByRole("button", { name: /Ethereum/ }));
    expect(await screen.findByText("Network switch declined")).toBeTruthy();
    expect(getConnection(rendered.wagmiConfig).chainId).toBe(31337);

    await userEvent.click(within(dialog).getByRole("button", { name: /Ethereum/ }));
    await screen.findByRole("dialog", { name: "Account" });
    await waitFor(() => expect(getConnection(rendered.wagmiConfig).chainId).toBe(1));
    expect(rendered.core.state.activeNetwork()?.caipNetworkId).toBe("eip155:1");
    expect(rendered.core.bus.history().map((e) => e.event)).toContain("SWITCH_NETWORK");
  });
});
