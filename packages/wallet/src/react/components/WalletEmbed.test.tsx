// @vitest-environment happy-dom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { renderWallet } from "../testUtils.js";
import { WalletEmbed } from "./WalletEmbed.js";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe("WalletEmbed", () => {
  it("shows the views inline; closing goes to Account when connected, else Connect", async () => {
    const { wagmiConfig, core } = renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      embedded: true,
      children: <WalletEmbed />,
    });
    let panel = await screen.findByRole("region", { name: "Connect Wallet" });
    await userEvent.click(within(panel).getByRole("button", { name: "All Wallets" }));
    panel = await screen.findByRole("region", { name: "All Wallets" });
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    panel = await screen.findByRole("region", { name: "Connect Wallet" });

    const connector = wagmiConfig.connectors.find((c) => c.id === "devAccounts");
    if (!connector) throw new Error("no dev connector");
    await act(() => connect(wagmiConfig, { connector }));
    panel = await screen.findByRole("region", { name: "Account" });
    await userEvent.click(within(panel).getByRole("button", { name: "Receive" }));
    panel = await screen.findByRole("region", { name: "Receive" });
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    expect(await screen.findByRole("region", { name: "Account" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(core.bus.history().at(-1)).toMatchObject({ event: "MODAL_CLOSE", properties: { connected: true } });
  });
});
