import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render";
import { Layout } from "./Layout";

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
