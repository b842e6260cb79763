/**
 * Pausing and winding down, on the seeded chain (the guardian is dev account 6; the futures vault's round 3 is open,
 * the NFT lending vault's round 2 locked): the guardian pauses and winds down from the Guardian section and never
 * sees Resume; an admin resumes; investors read the stop on the vault page, in the invest widget (before any wallet
 * prompt) and in Portfolio. Every step is checked against the contract's own state.
 */
import { actionMessages, formatDate, fundErrorTexts } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS, withSnapshot } from "../../../test/chain";
import { fundRead, fundWrite } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { findToast } from "../../../test/toasts";
import { PAUSE_EFFECT, RESUME_EFFECT, WIND_DOWN_ALL_EFFECT } from "./stops.helpers";

const GUARDIAN = DEV_ACCOUNTS[6] as `0x${string}`;
const INVESTOR = DEV_ACCOUNTS[1] as `0x${string}`;
const FUTURES = "Crypto futures trading vault";
const NFT = "NFT lending vault";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const sent = () => (recorder?.methods ?? []).filter((m) => m === "eth_sendTransaction");
const prompts = () => (recorder?.methods ?? []).filter((m) => PROMPT_METHODS.includes(m));
const stopsOf = async (vaultId: number) =>
  (await fundRead("getVault", [BigInt(vaultId)])) as { paused: boolean; windingDown: boolean };

async function openGuardianSection() {
  await renderApp({ path: "/admin", account: GUARDIAN });
  const guardian = await screen.findByTestId("guardian-section", {}, { timeout: 10_000 });
  await within(guardian).findByRole("list", { name: "Vaults" }, { timeout: 10_000 });
  return guardian;
}

/** The guardian's row of a vault. */
const row = (guardian: HTMLElement, name: string) => within(guardian).getByRole("listitem", { name });

/** Renders a vault page as the investor; resolves with its stop banner (or null) and its invest widget. */
async function openVaultPage(slug: string, name: string) {
  const view = await renderApp({ path: `/vaults/${slug}`, account: INVESTOR });
  await screen.findByRole("heading", { level: 1, name }, { timeout: 10_000 });
  const widget = screen.getByRole("region", { name: "Invest" });
  return { ...view, widget, banner: () => screen.queryByTestId("vault-stop-banner") };
}

describe("the guardian pauses a vault", () => {
  it("from its row, after the confirmation that says the effect; the row then says Paused and offers no Resume", async () => {
    await withSnapshot(async () => {
      recorder = recordRpcMethods();
      const guardian = await openGuardianSection();
      expect(guardian.textContent).toContain("pause deposits and new rounds of a vault or of every vault");
      const futures = row(guardian, FUTURES);
      await userEvent.click(within(futures).getByRole("button", { name: `Pause deposits of ${FUTURES}` }));
      const confirmation = within(futures).getByRole("group", { name: PAUSE_EFFECT });
      expect(confirmation.textContent).toContain(
        "New deposits and new rounds stop; investors can still withdraw. Only an admin can resume.",
      );
      expect(sent()).toEqual([]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm pause" }));
      expect(await findToast(actionMessages.paused)).toBeTruthy();
      expect(sent()).toHaveLength(1);
      expect(await stopsOf(1)).toMatchObject({ paused: true, windingDown: false });
      expect(await stopsOf(2)).toMatchObject({ paused: false, windingDown: false });

      // The row says Paused instead of the pause button; Wind down stays; the guardian never sees Resume.
      await within(futures).findByText("Paused", {}, { timeout: 15_000 });
      expect(within(futures).queryByRole("button", { name: /^Pause deposits/ })).toBeNull();
      expect(within(futures).getByRole("button", { name: `Wind down ${FUTURES}` })).toBeTruthy();
      expect(within(row(guardian, NFT)).getByRole("button", { name: `Pause deposits of ${NFT}` })).toBeTruthy();
      expect(screen.queryByRole("button", { name: /resume/i })).toBeNull();
      expect(within(guardian).getByTestId("fund-stops").textContent).toBe(`Paused: ${FUTURES}.`);
    });
  });

  it("and its investors read it on the vault page, in the invest widget before any prompt, and in Portfolio", async () => {
    await withSnapshot(async () => {
      await fundWrite(GUARDIAN, "setPaused", [1n, true]);
      recorder = recordRpcMethods();
      const page = await openVaultPage("futures-trading-vault", FUTURES);
      const banner = await screen.findByTestId("vault-stop-banner", {}, { timeout: 10_000 });
      expect(banner.getAttribute("role")).toBe("status");
      expect(banner.textContent).toBe(
        "Deposits and new rounds of this vault are paused. Refunds of the open round and settled payouts stay open.",
      );
      const notice = await within(page.widget).findByTestId("deposits-closed", {}, { timeout: 10_000 });
      expect(notice.textContent).toBe(
        `No deposits now. ${fundErrorTexts.VaultPaused()}Deposits reopen when an admin resumes the vault.`,
      );
      expect(within(page.widget).queryByLabelText(/Amount/)).toBeNull();
      expect(within(page.widget).queryAllByRole("button")).toEqual([]);
      expect(prompts()).toEqual([]);
      page.unmount();

      // The NFT lending vault is not paused: no banner there.
      const nft = await openVaultPage("nft-vault", NFT);
      await screen.findByTestId("vault-round", {}, { timeout: 10_000 });
      expect(nft.banner()).toBeNull();
      nft.unmount();

      await renderApp({ path: "/portfolio", account: INVESTOR });
      const position = await screen.findByTestId("position-1", {}, { timeout: 15_000 });
      expect(within(position).getByText("Paused")).toBeTruthy();
      expect(within(await screen.findByTestId("position-2")).queryByText("Paused")).toBeNull();
    });
  });
});

describe("an admin resumes", () => {
  it("a vault the guardian paused, from its tab's Deposits, after a confirmation", async () => {
    await withSnapshot(async () => {
      await fundWrite(GUARDIAN, "setPaused", [1n, true]);
      recorder = recordRpcMethods();
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      const tab = await screen.findByRole("tab", { name: new RegExp(`^${FUTURES}`) }, { timeout: 10_000 });
      await waitFor(() => expect(tab.textContent).toContain("Round 3 · Open · Paused"), { timeout: 10_000 });
      await userEvent.click(tab);
      const deposits = within(screen.getByRole("tabpanel"))
        .getByRole("heading", { name: "Deposits", level: 3 })
        .closest("section") as HTMLElement;
      expect(within(deposits).getByTestId("vault-stop-state").textContent).toMatch(/^Paused: /);
      const fundWide = screen.getByRole("heading", { name: "Deposits in every vault", level: 2 }).closest("section");
      expect(within(fundWide as HTMLElement).getByTestId("fund-stops").textContent).toBe(`Paused: ${FUTURES}.`);
      expect(within(fundWide as HTMLElement).getByRole("button", { name: "Resume every vault" })).toBeTruthy();

      await userEvent.click(within(deposits).getByRole("button", { name: `Resume deposits of ${FUTURES}` }));
      const confirmation = within(deposits).getByRole("group", { name: RESUME_EFFECT });
      expect(sent()).toEqual([]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm resume" }));
      expect(await findToast(actionMessages.resumed)).toBeTruthy();
      expect(await stopsOf(1)).toMatchObject({ paused: false, windingDown: false });
      await waitFor(
        () =>
          expect(within(deposits).getByTestId("vault-stop-state").textContent).toBe(
            "Deposits and new rounds run as usual.",
          ),
        { timeout: 15_000 },
      );
      expect(within(deposits).getByRole("button", { name: `Pause deposits of ${FUTURES}` })).toBeTruthy();
      expect(within(fundWide as HTMLElement).queryByRole("button", { name: "Resume every vault" })).toBeNull();
      expect(tab.textContent).not.toContain("Paused");
    });
  });
});

describe("the guardian winds the whole fund down", () => {
  it("after the confirmation that says it is final; then no vault offers anything and investors read when they can leave", async () => {
    await withSnapshot(async () => {
      recorder = recordRpcMethods();
      const guardian = await openGuardianSection();
      await userEvent.click(within(guardian).getByRole("button", { name: "Wind down the whole fund" }));
      const confirmation = within(guardian).getByRole("group", { name: WIND_DOWN_ALL_EFFECT });
      expect(confirmation.textContent).toContain("It cannot be undone, by an admin either.");
      expect(sent()).toEqual([]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm: wind down the fund" }));
      expect(await findToast(actionMessages.windDown)).toBeTruthy();
      expect(await stopsOf(1)).toMatchObject({ windingDown: true });
      expect(await stopsOf(2)).toMatchObject({ windingDown: true });

      for (const name of [FUTURES, NFT]) {
        const vaultRow = row(guardian, name);
        await within(vaultRow).findByText("Winding down", {}, { timeout: 15_000 });
        expect(within(vaultRow).queryAllByRole("button")).toEqual([]);
      }
      expect(within(guardian).getByTestId("fund-stops").textContent).toBe(
        "The whole fund is winding down: no vault takes a deposit or starts a round again.",
      );
      expect(within(guardian).queryByRole("button", { name: "Pause every vault" })).toBeNull();
      expect(within(guardian).queryByRole("button", { name: "Wind down the whole fund" })).toBeNull();
    });
  });

  it("a locked round settles after its unlock date; an open one can be left now; the widget says never again", async () => {
    await withSnapshot(async () => {
      await fundWrite(GUARDIAN, "windDown", [0n]);
      const [, , , lockupEndTime] = (await fundRead("getCurrentPoolData", [2n])) as readonly [
        bigint,
        bigint,
        boolean,
        bigint,
      ];
      const nft = await openVaultPage("nft-vault", NFT);
      const banner = await screen.findByTestId("vault-stop-banner", {}, { timeout: 10_000 });
      expect(banner.getAttribute("role")).toBe("status");
      expect([...banner.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
        "This vault is winding down: it takes no new deposits and starts no new round.",
        `Round 2 settles after ${formatDate(lockupEndTime)}; then every position can be withdrawn.`,
      ]);
      const notice = await within(nft.widget).findByTestId("deposits-closed", {}, { timeout: 10_000 });
      expect(notice.textContent).toBe(
        `No deposits now. ${fundErrorTexts.VaultWindingDown()}This vault will not take deposits again.`,
      );
      // No countdown to the unlock: deposits stay closed after it.
      expect(notice.textContent).not.toMatch(/left on the chain's clock/);
      nft.unmount();

      const futures = await openVaultPage("futures-trading-vault", FUTURES);
      const open = await screen.findByTestId("vault-stop-banner", {}, { timeout: 10_000 });
      expect([...open.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
        "This vault is winding down: it takes no new deposits and starts no new round.",
        "Every position can be withdrawn now.",
      ]);
      expect(within(futures.widget).queryAllByRole("button")).toEqual([]);
      futures.unmount();

      await renderApp({ path: "/portfolio", account: INVESTOR });
      for (const id of [1, 2]) {
        const position = await screen.findByTestId(`position-${id}`, {}, { timeout: 15_000 });
        expect(within(position).getByText("Winding down")).toBeTruthy();
      }
    });
  });
});
