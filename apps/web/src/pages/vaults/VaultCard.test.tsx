import { createFundPublicClient, getVaults, type LiveVault, parseDeployment } from "@fundament/sdk";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { renderApp } from "../../../test/render";
import { VaultCard } from "./VaultCard";

// Real figures: both vaults read from the seeded test chain (pool 1 settled with profit, pool 2 open).
let vaults: LiveVault[];
beforeAll(async () => {
  const client = createFundPublicClient({ chainId: 31337, rpcUrl: inject("rpcUrl") });
  vaults = await getVaults(client, { deployment: parseDeployment(inject("deployment")) });
});

const card = (vault: LiveVault) => {
  render(
    <MemoryRouter>
      <VaultCard vault={vault} />
    </MemoryRouter>,
  );
  return screen.getByTestId(`vault-card-${vault.id}`);
};

const figure = (root: HTMLElement, term: string) =>
  within(root).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

describe("VaultCard", () => {
  it("renders the settled futures vault's live figures", () => {
    const futures = vaults.find((v) => v.id === "futures-trading-vault") as LiveVault;
    const root = card(futures);
    expect(within(root).getByRole("heading", { name: "Crypto futures trading vault" })).toBeTruthy();
    expect(within(root).getByText("crypto vault")).toBeTruthy();
    expect(within(root).getByText("Settled")).toBeTruthy();
    expect(within(root).getByText("Traders trade the deposit during the lockdown period until maturity.")).toBeTruthy();
    expect(figure(root, "TVL")).toBe("$45,000.00");
    expect(figure(root, "Rewards")).toBe("$3,600.00");
    // No API in this test: the APY is the spec's fallback yield, and says so.
    expect(figure(root, "APY")).toBe("4.500% (fallback)");
    expect(figure(root, "Yield")).toBe("4.500%");
    expect(figure(root, "Lock period")).toBe("30 days");
    expect(figure(root, "Unlock date")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(within(root).getByRole("link", { name: /^View vault\s*: Crypto futures trading vault$/ })).toBeTruthy();
    const [icon, chainIcon] = root.querySelectorAll("img");
    expect(icon?.getAttribute("src")).toBe("/icons/vault-futures.svg");
    expect(chainIcon?.getAttribute("alt")).toBe("Ethereum");
  });

  it("renders the open NFT vault without a tag, inviting an investment", () => {
    const nft = vaults.find((v) => v.id === "nft-vault") as LiveVault;
    const root = card(nft);
    expect(within(root).getByText("Open")).toBeTruthy();
    expect(root.querySelector(".tag")).toBeNull();
    expect(figure(root, "TVL")).toBe("$20,000.00");
    expect(figure(root, "Rewards")).toBe("$0.00");
    expect(figure(root, "APY")).toBe("6.000% (fallback)");
    expect(figure(root, "Unlock date")).toBe("Set at lockup");
    expect(within(root).getByRole("link", { name: /^Invest\s*: NFT lending vault$/ })).toBeTruthy();
  });

  it("shows an APY from performance data without the fallback note, and a locked pool's countdown on the chain's clock", async () => {
    const nft = vaults.find((v) => v.id === "nft-vault") as LiveVault;
    // Ten days after the test chain's latest block (the seeded chain runs ahead of the wall clock).
    const client = createFundPublicClient({ chainId: 31337, rpcUrl: inject("rpcUrl") });
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
    expect(figure(root, "APY")).toBe("12.346%");
    expect(within(root).getByText("Locked")).toBeTruthy();
    expect((await within(root).findByTestId("unlock-countdown", {}, { timeout: 10_000 })).textContent).toMatch(
      /^10d (0|1)h left$/,
    );
    expect(figure(root, "Unlock date")).toMatch(/^Dec 21, 2026/);
  });

  it("says 'Blockchain RPC request failed.' with a retry when the RPC is down, never a blank page", async () => {
    await renderApp({ path: "/", rpcUrl: "http://127.0.0.1:9" });
    const alert = await screen.findByRole("alert", {}, { timeout: 20_000 });
    expect(alert.textContent).toContain("Blockchain RPC request failed.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Vaults" })).toBeTruthy();
  });
});
