/**
 * Portfolio with a smart account: the wallet's (EOA's) and the smart account's positions are both listed, each under
 * its heading, the account in use first and marked, and the totals and the statement cover both. The test chain has no
 * bundler, so the smart account is stood in for by another anvil account (its positions are real, made on the chain
 * here) and the wallet layer's answer — which account is in use, which smart account the wallet owns — is set below.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Address } from "viem";
import { describe, expect, it, vi } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { createTestVault, investIn, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import type { InvestorSender } from "../../shared/hooks/useInvestorSender";

const WALLET = DEV_ACCOUNTS[6] as Address;
/** anvil's account 9, unused by the seed: the smart account here. */
const SMART = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720" as Address;

const wallet = vi.hoisted(() => ({
  sender: { kind: "eoa" } as { kind: string; address?: string; deployed?: boolean },
  smartAccount: undefined as { address: string; owner: string; deployed: boolean; chainId: number } | undefined,
}));

vi.mock("../../shared/hooks/useInvestorSender", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../shared/hooks/useInvestorSender")>()),
  useInvestorSender: () => wallet.sender as InvestorSender,
}));

vi.mock("@fundament/wallet/react", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@fundament/wallet/react")>();
  return {
    ...actual,
    useSmartAccount: () => ({ ...actual.useSmartAccount(), smartAccount: wallet.smartAccount }),
  };
});

const figure = (root: HTMLElement, term: string) =>
  within(root).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
const cells = (row: Element) => [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim());

/** The wallet puts 300 into a vault and the smart account 700 into the same vault plus 200 into a second one. */
async function invested(): Promise<{ shared: number; second: number }> {
  const shared = await createTestVault("Shared vault");
  const second = await createTestVault("Smart vault");
  await investIn(WALLET, shared, usdc(300));
  await investIn(SMART, shared, usdc(700));
  await investIn(SMART, second, usdc(200));
  return { shared, second };
}

describe("Portfolio with a smart account", () => {
  it("in smart-account mode lists the smart account's positions (in use, with their actions) and the wallet's, totals over both, and both in the statement", async () => {
    await withSnapshot(async () => {
      const { shared, second } = await invested();
      wallet.sender = { kind: "smartAccount", address: SMART, deployed: true };
      wallet.smartAccount = { address: SMART, owner: WALLET, deployed: true, chainId: 31337 };
      try {
        await renderApp({ path: "/portfolio", account: WALLET });
        const smartGroup = await screen.findByTestId("positions-smartAccount", {}, { timeout: 10_000 });
        const walletGroup = screen.getByTestId("positions-wallet");
        // The account in use comes first, headed and marked.
        expect(smartGroup.compareDocumentPosition(walletGroup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        expect(within(smartGroup).getByRole("heading", { name: "Smart account 0xa0Ee…9720" })).toBeTruthy();
        expect(within(smartGroup).getByText("In use")).toBeTruthy();
        expect(within(walletGroup).getByRole("heading", { name: "Wallet 0x976E…0aa9" })).toBeTruthy();
        expect(within(walletGroup).queryByText("In use")).toBeNull();
        expect(within(walletGroup).getByText(/To withdraw or change roll-over here, use your wallet/)).toBeTruthy();

        // The smart account's positions carry the actions (it is the account that sends them).
        const smartCard = await within(smartGroup).findByTestId(`position-${shared}`, {}, { timeout: 10_000 });
        expect(figure(smartCard, "Value")).toBe("700 mUSDC");
        expect(within(smartCard).getByRole("switch", { name: "Roll over into the next round" })).toBeTruthy();
        expect(within(smartCard).getByRole("button", { name: "Withdraw" })).toBeTruthy();
        expect(figure(within(smartGroup).getByTestId(`position-${second}`), "Value")).toBe("200 mUSDC");
        // The wallet's position is shown, its roll-over choice in words, and no action that the smart account would send.
        const walletCard = within(walletGroup).getByTestId(`position-${shared}-wallet`);
        expect(figure(walletCard, "Value")).toBe("300 mUSDC");
        expect(figure(walletCard, "Roll-over")).toBe("Off");
        expect(within(walletCard).queryByRole("switch")).toBeNull();
        expect(within(walletCard).queryByRole("button", { name: "Withdraw" })).toBeNull();

        const summary = screen.getByTestId("portfolio-summary");
        expect(within(summary).getByTestId("total-value").textContent).toBe("1,200 mUSDC");
        expect((await within(summary).findByTestId("total-profit", {}, { timeout: 10_000 })).textContent).toBe(
          "0 mUSDC",
        );
        expect(figure(summary, "Invested amount")).toBe("$1,200.00");
        expect(screen.getByText("Totals over your wallet and your smart account, each listed below.")).toBeTruthy();

        const statement = screen.getByTestId("statement", {});
        await waitFor(() => expect(within(statement).getAllByRole("row")).toHaveLength(4), { timeout: 10_000 });
        const rows = [...statement.querySelectorAll("tbody tr")].map((row) => cells(row).slice(1, 5));
        expect(rows).toEqual(
          expect.arrayContaining([
            ["Smart account", "Shared vault", "Round 1", "700 mUSDC"],
            ["Wallet", "Shared vault", "Round 1", "300 mUSDC"],
            ["Smart account", "Smart vault", "Round 1", "200 mUSDC"],
          ]),
        );

        const blobs: Blob[] = [];
        const createObjectURL = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
          blobs.push(blob as Blob);
          return "blob:fundament-test";
        });
        const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
        try {
          await userEvent.click(screen.getByRole("button", { name: "Download statement (CSV)" }));
          const lines = (await (blobs[0] as Blob).text()).trim().split("\r\n");
          expect(lines.slice(1).map((line) => line.split(",").slice(1, 4))).toEqual(
            expect.arrayContaining([
              [SMART, "smart account", "Shared vault"],
              [WALLET, "wallet", "Shared vault"],
              [SMART, "smart account", "Smart vault"],
            ]),
          );
        } finally {
          createObjectURL.mockRestore();
          click.mockRestore();
        }
      } finally {
        wallet.sender = { kind: "eoa" };
        wallet.smartAccount = undefined;
      }
    });
  });

  it("with the wallet in use lists its positions first and the deployed smart account's below", async () => {
    await withSnapshot(async () => {
      const { shared } = await invested();
      wallet.smartAccount = { address: SMART, owner: WALLET, deployed: true, chainId: 31337 };
      try {
        await renderApp({ path: "/portfolio", account: WALLET });
        const walletGroup = await screen.findByTestId("positions-wallet", {}, { timeout: 10_000 });
        const smartGroup = screen.getByTestId("positions-smartAccount");
        expect(walletGroup.compareDocumentPosition(smartGroup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        expect(within(walletGroup).getByText("In use")).toBeTruthy();
        expect(within(smartGroup).getByText(/use your smart account: choose it in the Account view/)).toBeTruthy();
        const walletCard = await within(walletGroup).findByTestId(`position-${shared}`, {}, { timeout: 10_000 });
        expect(within(walletCard).getByRole("button", { name: "Withdraw" })).toBeTruthy();
        const smartCard = within(smartGroup).getByTestId(`position-${shared}-smartAccount`);
        expect(figure(smartCard, "Value")).toBe("700 mUSDC");
        expect(within(smartCard).queryByRole("button", { name: "Withdraw" })).toBeNull();
        expect(within(screen.getByTestId("portfolio-summary")).getByTestId("total-value").textContent).toBe(
          "1,200 mUSDC",
        );
      } finally {
        wallet.smartAccount = undefined;
      }
    });
  });

  it("without a smart account lists the wallet's positions alone, without account headings", async () => {
    await withSnapshot(async () => {
      const { shared } = await invested();
      await renderApp({ path: "/portfolio", account: WALLET });
      await screen.findByTestId(`position-${shared}`, {}, { timeout: 10_000 });
      expect(screen.queryByTestId("positions-wallet")).toBeNull();
      expect(screen.queryByText(/Totals over your wallet and your smart account/)).toBeNull();
      expect(within(screen.getByTestId("portfolio-summary")).getByTestId("total-value").textContent).toBe("300 mUSDC");
    });
  });
});
