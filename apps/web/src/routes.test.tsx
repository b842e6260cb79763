import { cleanup, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render";

describe("routing", () => {
  it("shows the 404 page for an unknown path, inside the layout", async () => {
    await renderApp({ path: "/no/such/page" });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(document.title).toBe("Page not found · Fundament");
    expect(screen.getByText("/no/such/page")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the vaults" }).getAttribute("href")).toBe("/");
    // The layout is there: logo and navigation, no Admin entry without an admin wallet.
    expect(screen.getByRole("link", { name: "Fundament home" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Vaults",
      "Portfolio",
      "Governance",
      "Performance",
      "History",
    ]);
  });

  it("shows the vaults at / and the Admin entry for an admin wallet", async () => {
    const { DEV_ACCOUNTS } = await import("../test/render");
    await renderApp({ path: "/", account: DEV_ACCOUNTS[0] });
    expect(await screen.findByRole("heading", { level: 1, name: "Vaults" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Admin" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("opens a vault's page at /vaults/:id and says so when the id is unknown", async () => {
    await renderApp({ path: "/vaults/nft-vault" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "NFT lending vault" }, { timeout: 10_000 }),
    ).toBeTruthy();
    // The on-chain vault id opens the same page.
    cleanup();
    await renderApp({ path: "/vaults/2" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "NFT lending vault" }, { timeout: 10_000 }),
    ).toBeTruthy();
    cleanup();
    await renderApp({ path: "/vaults/nope" });
    expect(await screen.findByRole("heading", { name: "Vault not found" }, { timeout: 10_000 })).toBeTruthy();
  });
});
