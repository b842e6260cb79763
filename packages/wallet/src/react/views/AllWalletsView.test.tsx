// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addRecentWallet } from "../../connectors/recentWallets.js";
import { renderWallet } from "../testUtils.js";

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function openAllWallets() {
  renderWallet({ rpcUrl: "http://127.0.0.1:9" });
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.click(within(connect).getByRole("button", { name: "All Wallets" }));
  const dialog = await screen.findByRole("dialog", { name: "All Wallets" });
  await within(dialog).findByLabelText("Search wallets");
  return dialog;
}

describe("AllWallets view", () => {
  it("shows the recent wallets, 4 featured ones, then the directory, with install links", async () => {
    addRecentWallet("frame");
    const dialog = await openAllWallets();
    const recent = within(dialog).getByRole("list", { name: "Recent wallets" });
    expect(
      within(recent)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Frame")]);
    const featured = within(dialog).getByRole("list", { name: "Featured wallets" });
    expect(within(featured).getAllByRole("listitem")).toHaveLength(4);
    const metamask = within(featured).getByRole("link", { name: "MetaMask (Install)" });
    expect(metamask.getAttribute("href")).toBe("https://metamask.io/download/");
    expect(metamask.getAttribute("target")).toBe("_blank");
    const all = within(dialog).getByRole("list", { name: "All wallets" });
    const names = within(all)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(names.some((n) => n.includes("MetaMask") || n.includes("Frame"))).toBe(false);
  });

  it("searches the directory", async () => {
    const dialog = await openAllWallets();
    const search = within(dialog).getByLabelText("Search wallets");
    await userEvent.type(search, "rain");
    const results = within(dialog).getByRole("list", { name: "Search results" });
    expect(
      within(results)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Rainbow")]);
    await userEvent.clear(search);
    await userEvent.type(search, "zzz");
    expect(within(dialog).getByRole("status").textContent).toBe("No wallet found");
  });
});
