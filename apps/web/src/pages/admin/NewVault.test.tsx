/**
 * "+ New vault" on the seeded chain: the admin opens the form from the keyboard, is told in words what is missing,
 * sees what will be created, has a wallet refusal said in the form, creates the vault, lands on its tab (minimum and
 * lockup read back from the chain) and finds it on the Vaults page. Wallets without the admin role never see it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { rpc, withSnapshot } from "../../../test/chain";
import { fundRead, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { testWalletConnector } from "../../../test/testWallet";
import { findToast } from "../../../test/toasts";
import { NEW_VAULT_ROUTE } from "./newVault.helpers";

const GUARDIAN = DEV_ACCOUNTS[6];

const vaultSection = () => screen.getByRole("heading", { name: "Vaults", level: 2 }).closest("section") as HTMLElement;

describe("+ New vault", () => {
  it("validates in words, previews, says a wallet refusal in the form, creates the vault and selects its tab", async () => {
    await withSnapshot(async () => {
      const before = Number(await fundRead("vaultCount", []));
      const { connector, control } = testWalletConnector(0);
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0], connector });
      await screen.findByRole("tab", { name: /^Crypto futures trading vault/ }, { timeout: 10_000 });
      const opener = within(vaultSection()).getByRole("button", { name: "New vault" });
      expect(opener.getAttribute("aria-expanded")).toBe("false");

      // Opened from the keyboard: the focus goes to the name; Escape closes it and gives the focus back.
      opener.focus();
      await userEvent.keyboard("{Enter}");
      const form = screen.getByRole("form", { name: "New vault" });
      expect(opener.getAttribute("aria-expanded")).toBe("true");
      await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText("Name")));
      await userEvent.keyboard("{Escape}");
      expect(screen.queryByRole("form", { name: "New vault" })).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(opener));

      await userEvent.keyboard("{Enter}");
      const panel = screen.getByRole("form", { name: "New vault" });
      const name = within(panel).getByLabelText("Name") as HTMLInputElement;
      const minimum = (await within(panel).findByLabelText(
        "Minimum investment (mUSDC)",
        {},
        { timeout: 10_000 },
      )) as HTMLInputElement;
      const lockup = within(panel).getByLabelText("Lockup (days)") as HTMLInputElement;
      expect(within(panel).getByTestId("new-vault-route").textContent).toBe(NEW_VAULT_ROUTE);

      // An empty name, a minimum of 0 and a lockup of 0 days: each field says why, and nothing is sent.
      await userEvent.type(minimum, "0");
      await userEvent.type(lockup, "0");
      await userEvent.click(within(panel).getByRole("button", { name: "Create vault" }));
      expect(
        within(panel)
          .getAllByRole("alert")
          .map((alert) => alert.textContent),
      ).toEqual([
        "Enter a name for the vault.",
        "Enter a minimum investment above zero.",
        "Enter a lockup of 1 to 365 days.",
      ]);
      expect([name, minimum, lockup].map((input) => input.getAttribute("aria-invalid"))).toEqual([
        "true",
        "true",
        "true",
      ]);
      expect(control.transactions).toEqual([]);

      // Filled in: the preview says what will be created.
      await userEvent.type(name, "Test vault 3");
      await userEvent.clear(minimum);
      await userEvent.type(minimum, "100");
      await userEvent.clear(lockup);
      await userEvent.type(lockup, "14");
      expect(within(panel).queryAllByRole("alert")).toEqual([]);
      expect(within(panel).getByTestId("new-vault-preview").textContent).toBe(
        'Creates "Test vault 3": minimum investment 100 mUSDC, each round locked for 14 days.',
      );

      // The wallet's refusal is said in the form that asked; nothing was created.
      control.rejectNext("eth_sendTransaction");
      await userEvent.click(within(panel).getByRole("button", { name: "Create vault" }));
      const refusal = await within(panel).findByTestId("new-vault-error", {}, { timeout: 15_000 });
      expect(refusal.textContent).toBe("The vault was not created: User rejected the transaction.");
      expect(Number(await fundRead("vaultCount", []))).toBe(before);

      // Sent: while the transaction waits for its block the form says so and takes no second submit.
      await rpc("evm_setAutomine", [false]);
      try {
        await userEvent.click(within(panel).getByRole("button", { name: "Create vault" }));
        expect(await within(panel).findByText("Transaction pending…", {}, { timeout: 15_000 })).toBeTruthy();
        expect(within(panel).getByRole("button", { name: "Create vault" }).hasAttribute("disabled")).toBe(true);
        expect(within(panel).queryByTestId("new-vault-error")).toBeNull();
      } finally {
        await rpc("evm_setAutomine", [true]);
      }
      await rpc("evm_mine");

      // Created: the form closes, the new vault's tab is selected and focused, its settings read from the chain.
      expect(await findToast('Vault "Test vault 3" created.')).toBeTruthy();
      const vaultId = before + 1;
      expect(Number(await fundRead("vaultCount", []))).toBe(vaultId);
      const onChain = (await fundRead("getVault", [BigInt(vaultId)])) as {
        name: string;
        minimumInvestment: bigint;
        lockupPeriodDuration: bigint;
      };
      expect([onChain.name, onChain.minimumInvestment, onChain.lockupPeriodDuration]).toEqual([
        "Test vault 3",
        usdc(100),
        14n * 86_400n,
      ]);
      const tab = await screen.findByRole("tab", { name: /^Test vault 3/, selected: true }, { timeout: 10_000 });
      await waitFor(() => expect(document.activeElement).toBe(tab));
      expect(screen.queryByRole("form", { name: "New vault" })).toBeNull();
      const tabpanel = screen.getByRole("tabpanel");
      await waitFor(() => expect(within(tabpanel).getByTestId("vault-minimum").textContent).toBe("100 mUSDC"), {
        timeout: 10_000,
      });
      expect(within(tabpanel).getByTestId("vault-lockup-duration").textContent).toBe("14 days");

      // The Vaults page lists it.
      await userEvent.click(
        within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Vaults" }),
      );
      const card = await screen.findByTestId(`vault-card-vault-${vaultId}`, {}, { timeout: 10_000 });
      expect(within(card).getByRole("heading", { name: "Test vault 3" })).toBeTruthy();
    });
  });

  it.each([
    ["an investor", DEV_ACCOUNTS[1]],
    ["the guardian", GUARDIAN],
  ])("is not offered to %s", async (_, account) => {
    await renderApp({ path: "/admin", account });
    await waitFor(
      () =>
        expect(
          screen.queryByRole("heading", { name: "Admins only" }) ?? screen.queryByTestId("guardian-section"),
        ).toBeTruthy(),
      { timeout: 10_000 },
    );
    expect(screen.queryByRole("button", { name: "New vault" })).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
