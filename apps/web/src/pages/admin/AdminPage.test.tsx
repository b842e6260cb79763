import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const section = (name: string) => screen.getByRole("heading", { name, level: 2 }).closest("section") as HTMLElement;

describe("Admin", () => {
  it("is for admins only", async () => {
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[1] });
    expect(await screen.findByRole("heading", { name: "Admins only" }, { timeout: 10_000 })).toBeTruthy();
  });

  it("lists admins, trading wallets and settings, and validates addresses before any prompt", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
    await screen.findByRole("heading", { name: "Investor whitelist" }, { timeout: 10_000 });
    const admins = section("Admins");
    expect(await within(admins).findByText("Admin 1", {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(admins).getByText(DEV_ACCOUNTS[0] as string)).toBeTruthy();
    const wallets = section("Trading wallets");
    expect(await within(wallets).findByText("Futures", {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(wallets).getByText("NFT lending")).toBeTruthy();
    expect(within(section("Fund settings")).getByText("Minimum investment").nextElementSibling?.textContent).toBe(
      "100 mUSDC",
    );

    const whitelist = section("Investor whitelist");
    await userEvent.type(within(whitelist).getByLabelText("Investor wallet address"), "0x1234");
    await userEvent.click(within(whitelist).getByRole("button", { name: "Whitelist investor" }));
    expect(within(whitelist).getByRole("alert").textContent).toBe(
      "Enter a valid wallet address: 0x followed by 40 hexadecimal characters.",
    );
    await userEvent.click(within(wallets).getByRole("button", { name: "Add trading wallet" }));
    expect(
      within(wallets)
        .getAllByRole("alert")
        .map((a) => a.textContent),
    ).toEqual([
      "Enter a wallet address.",
      "Enter a wallet type of 1 to 64 characters.",
      "Enter the allocation as a whole number of basis points (1-10,000).",
    ]);
    expect(recorder.methods.filter((m) => m === "eth_sendTransaction")).toEqual([]);
  });

  it("whitelists and delists an investor with the spec's messages", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      await screen.findByRole("heading", { name: "Investor whitelist" }, { timeout: 10_000 });
      const whitelist = section("Investor whitelist");
      const input = within(whitelist).getByLabelText("Investor wallet address");
      await userEvent.type(input, (DEV_ACCOUNTS[6] as string).toLowerCase());
      await userEvent.click(within(whitelist).getByRole("button", { name: "Whitelist investor" }));
      expect(
        await within(whitelist).findByText("Wallet whitelisted successfully.", {}, { timeout: 15_000 }),
      ).toBeTruthy();
      await waitFor(() => expect((input as HTMLInputElement).value).toBe("")); // cleared after the success
      await userEvent.type(input, DEV_ACCOUNTS[6] as string);
      await userEvent.click(within(whitelist).getByRole("button", { name: "Remove from whitelist" }));
      expect(
        await within(whitelist).findByText("Wallet removed from whitelist.", {}, { timeout: 15_000 }),
      ).toBeTruthy();
    });
  });
});
