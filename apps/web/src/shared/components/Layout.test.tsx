import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render";
import { Layout } from "./Layout";
import navStyles from "./MainNav.module.css";

function Broken(): never {
  throw new Error("render failed");
}

describe("Layout", () => {
  it("shows 'could not be loaded' for a page that fails, keeps the frame, and other pages still open", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await renderApp({
      path: "/broken",
      children: (
        <Routes>
          <Route element={<Layout />}>
            <Route path="broken" element={<Broken />} />
            <Route index element={<h1>Home</h1>} />
          </Route>
        </Routes>
      ),
    });
    expect((await screen.findByRole("alert")).textContent).toContain("This page could not be loaded.");
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    // Another page starts afresh.
    await userEvent.click(screen.getByRole("link", { name: "Fundament home" }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    quiet.mockRestore();
  });
});

describe("the main navigation's menu (phone)", () => {
  it("opens from the Menu button, follows a link and closes; Escape closes it and focus is back on the button", async () => {
    await renderApp({
      path: "/",
      children: (
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<h1>Home</h1>} />
            <Route path="history" element={<h1>History page</h1>} />
          </Route>
        </Routes>
      ),
    });
    const menu = screen.getByRole("button", { name: "Menu" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(menu.getAttribute("aria-controls")).toBe(nav.id);
    expect(nav.closest(`.${navStyles.areaOpen}`)).toBeNull();

    await userEvent.click(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    expect(nav.closest(`.${navStyles.areaOpen}`)).toBeTruthy();
    await userEvent.click(within(nav).getByRole("link", { name: "History" }));
    expect(await screen.findByRole("heading", { name: "History page" })).toBeTruthy();
    expect(menu.getAttribute("aria-expanded")).toBe("false");

    // Keyboard: Enter opens, Tab reaches the links, Escape closes and puts focus back on Menu.
    menu.focus();
    await userEvent.keyboard("{Enter}");
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    await userEvent.tab();
    expect(document.activeElement).toBe(within(nav).getByRole("link", { name: "Vaults" }));
    await userEvent.keyboard("{Escape}");
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menu);
  });
});
