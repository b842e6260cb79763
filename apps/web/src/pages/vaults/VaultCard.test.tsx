import { createFundPublicClient, getVaults, type LiveVault, parseDeployment } from "@fundament/sdk";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, inject, it } from "vitest";
import { startApiServer } from "../../../test/apiServer";
import { withSnapshot } from "../../../test/chain";
import { createTestVault, investIn, lockVault, runRound, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { rpcUrl } from "../../../test/testChain.js";
import { VaultCard } from "./VaultCard";

const readVaults = () =>
  getVaults(createFundPublicClient({ chainId: 31337, rpcUrl }), {
    deployment: parseDeployment(inject("deployment")),
  });

/** One card, alone on the page, inside the app's providers (a locked round's countdown reads the chain's clock). */
const card = async (vault: LiveVault) => {
  cleanup();
  await renderApp({ children: <VaultCard vault={vault} /> });
  return screen.getByTestId(`vault-card-${vault.id}`);
};

const figure = (root: HTMLElement, term: string) =>
  within(root).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("VaultCard", () => {
  it("renders every vault on the chain with its current round, Open or Locked, never Settled", async () => {
    const vaults = await readVaults();
    expect(vaults.map((v) => v.id).slice(0, 2)).toEqual(["futures-trading-vault", "nft-vault"]);
    for (const vault of vaults) {
      const root = await card(vault);
      expect(within(root).getByTestId("vault-round").textContent).toBe(`Round ${vault.round}`);
      expect(root.textContent).not.toContain("Settled");
      expect(within(root).getByText(/^(Open|Locked until [A-Z][a-z]{2} \d{1,2}, \d{4})$/)).toBeTruthy();
      const cta = within(root).getByRole("link", { name: new RegExp(`^(Invest|View vault)\\s*: ${vault.name}$`) });
      expect(cta.textContent?.startsWith(vault.status === "open" ? "Invest" : "View vault")).toBe(true);
    }
    const futures = await card(vaults[0] as LiveVault);
    expect(within(futures).getByRole("heading", { name: "Crypto futures trading vault" })).toBeTruthy();
    expect(within(futures).getByText("crypto vault")).toBeTruthy();
    expect(
      within(futures).getByText("Traders trade the deposit during the lockdown period until maturity."),
    ).toBeTruthy();
    // No API in this test: the spec's APY is the fallback yield, labelled an estimate, and says so.
    expect(figure(futures, "Estimated APY")).toBe("4.5% (fallback)");
    expect(figure(futures, "Fallback yield")).toBe("4.5%");
    expect(within(futures).queryByText("APY", { selector: "dt" })).toBeNull();
    expect(within(futures).queryByText("Yield", { selector: "dt" })).toBeNull();
    const [icon, chainIcon] = futures.querySelectorAll("img");
    expect(icon?.getAttribute("src")).toBe("/icons/vault-futures.svg");
    expect(chainIcon?.getAttribute("alt")).toBe("Ethereum");
  });

  it("shows a vault's round, TVL (what it manages now), historical APY and rewards net with the gross, as they move", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Card vault");
      await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(4_000));
      const byId = async () => (await readVaults()).find((v) => v.vaultId === vaultId) as LiveVault;

      let root = await card(await byId());
      expect(within(root).getByTestId("vault-round").textContent).toBe("Round 1");
      expect(within(root).getByText("Open")).toBeTruthy();
      expect(figure(root, "TVL")).toBe("$4,000.00");
      expect(figure(root, "Rewards")).toBe("$0.00No round settled yet");
      expect(figure(root, "Historical APY")).toBe("—No round settled yet");
      expect(figure(root, "Unlock date")).toBe("Set at lockup");
      expect(
        within(root)
          .getByRole("link", { name: /^Invest\s*: Card vault$/ })
          .getAttribute("href"),
      ).toBe(`/vaults/${vaultId}`);

      // Round 1: 4,000 → 4,500: 500 gross, 400 net. Round 2 takes 2,500 and locks.
      await runRound(vaultId, usdc(4_500));
      await investIn(DEV_ACCOUNTS[2] as `0x${string}`, vaultId, usdc(2_500));
      await lockVault(vaultId);
      const locked = await byId();
      root = await card(locked);
      expect(within(root).getByTestId("vault-round").textContent).toBe("Round 2");
      expect(within(root).getByText(`Locked until ${locked.unlockDate}`)).toBeTruthy();
      expect(figure(root, "TVL")).toBe("$2,500.00");
      expect(figure(root, "Rewards")).toBe("$400.00Net over 1 round; $500.00 before fees");
      // 4,000 → 4,400 net of fees: +10% over the 7-day lockup, too short to annualise (it would read 14,000%).
      expect(within(root).queryByText("Historical APY", { selector: "dt" })).toBeNull();
      expect(figure(root, "Historical return")).toBe(
        "10%net of fees, over 1 settled round (7 days: too short to annualise)",
      );
      expect(figure(root, "Unlock date")).toBe(locked.unlockDate);
      expect(within(root).getByRole("link", { name: /^View vault\s*: Card vault$/ })).toBeTruthy();
    });
  });

  it("shows an APY from performance data without the fallback note, and a locked round's countdown on the chain's clock", async () => {
    const nft = (await readVaults()).find((v) => v.id === "nft-vault") as LiveVault;
    // Ten days after the test chain's latest block.
    const client = createFundPublicClient({ chainId: 31337, rpcUrl });
    const chainNow = Number((await client.getBlock({ blockTag: "latest" })).timestamp);
    const locked = {
      ...nft,
      apyPercent: 12.3456,
      apyFromPerformance: true,
      status: "locked",
      unlockDate: "Dec 21, 2026",
      lockupEndTime: chainNow + 10 * 86_400 + 3_600,
    } as const;
    await renderApp({ children: <VaultCard vault={locked} /> });
    const root = screen.getByTestId(`vault-card-${nft.id}`);
    expect(figure(root, "Estimated APY")).toBe("12.35% (trading account)");
    expect(within(root).getByText("Locked until Dec 21, 2026")).toBeTruthy();
    expect((await within(root).findByTestId("unlock-countdown", {}, { timeout: 10_000 })).textContent).toMatch(
      /^10d (0|1)h left$/,
    );
    expect(figure(root, "Unlock date")).toMatch(/^Dec 21, 2026/);
  });

  it("labels an APY computed from the API's demo data as demo data, on the card and the vault page", async () => {
    const api = await startApiServer();
    try {
      const records = Array.from({ length: 30 }, (_, i) => ({
        date: `${String(i + 1).padStart(2, "0")}/09/2026`,
        tvl_usd: 250_000 + i * 100,
      }));
      const futures = { initial_tvl_usd: 250_000, current_tvl_usd: 252_900, performance_records: records, error: null };
      api.answer("/futures/performance", 200, { ...futures, source: "demo" });
      api.answer("/nft-lending/performance", 200, {
        summary: null,
        performance_chart_data: null,
        error: "none",
        source: "none",
      });
      await renderApp({ path: "/", apiUrl: api.url });
      const card = await screen.findByTestId("vault-card-futures-trading-vault", {}, { timeout: 10_000 });
      await waitFor(() => expect(figure(card, "Estimated APY")).toMatch(/^\d+\.\d+% \(demo data\)$/), {
        timeout: 10_000,
      });
      // The NFT vault's APY is the fallback yield: not demo data, and says it is the fallback.
      expect(figure(screen.getByTestId("vault-card-nft-vault"), "Estimated APY")).toBe("6% (fallback)");
      cleanup();
      await renderApp({ path: "/vaults/futures-trading-vault", apiUrl: api.url });
      await screen.findByRole("heading", { level: 1, name: "Crypto futures trading vault" }, { timeout: 10_000 });
      await screen.findByTestId("apy-demo", {}, { timeout: 10_000 });

      // Real (imported or exchange) data carries no label.
      cleanup();
      api.answer("/futures/performance", 200, { ...futures, source: "bybit" });
      await renderApp({ path: "/", apiUrl: api.url });
      const real = await screen.findByTestId("vault-card-futures-trading-vault", {}, { timeout: 10_000 });
      await waitFor(() => expect(figure(real, "Estimated APY")).toMatch(/^\d+\.\d+% \(trading account\)$/), {
        timeout: 10_000,
      });
    } finally {
      await api.close();
    }
  });

  it("says 'Blockchain RPC request failed.' with a retry when the RPC is down, never a blank page", async () => {
    await renderApp({ path: "/", rpcUrl: "http://127.0.0.1:9" });
    const alert = await screen.findByRole("alert", {}, { timeout: 20_000 });
    expect(alert.textContent).toContain("Blockchain RPC request failed.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Vaults" })).toBeTruthy();
  });
});
