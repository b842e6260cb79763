/**
 * A round's report page on the seeded test chain: a round run and settled with the hash of its report (built with
 * the SDK, as the API builds it), the report served by a local stand-in of the API's report routes, and checked by
 * the page against the chain; then the same round served a tampered report, and a round with no report yet.
 */
import { type RoundReport, serializeRoundReport } from "@fundament/sdk";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { createTestVault, currentPoolId, investIn, lockVault, runRound, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { startReportApi } from "../../../test/reportApi";

let api: Awaited<ReturnType<typeof startReportApi>>;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.close());

const INVESTOR = DEV_ACCOUNTS[1] as `0x${string}`;
const NOTE = "Interest of an NFT loan repaid to the fund's safe";
const cells = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim());

/** A vault of its own with one round run: 2,000 in, 2,200 back, 150 of it declared by the operator. */
async function settledRound() {
  const vaultId = await createTestVault("Report vault");
  await investIn(INVESTOR, vaultId, usdc(2_000));
  const settled = await runRound(vaultId, usdc(2_200), { manualItems: [{ amount: "150", note: NOTE }] });
  api.publish(settled.hash, settled.text);
  return settled;
}

/** The report with `change` made, as canonical JSON (what a tampering server would serve). */
const tampered = (report: RoundReport, change: (r: RoundReport) => void) => {
  const copy = structuredClone(report);
  change(copy);
  return serializeRoundReport(copy);
};

const openReport = async (vaultId: number, poolId: bigint) => {
  await renderApp({ path: `/vaults/${vaultId}/rounds/${poolId}/report`, apiUrl: api.url });
  return screen.findByRole("heading", { level: 1, name: "Round 1 report" }, { timeout: 15_000 });
};

describe("a round's report page", () => {
  it("is linked from the vault's rounds, and shows that the report matches the chain, then the report itself", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId, hash, report } = await settledRound();
      await renderApp({ path: `/vaults/${vaultId}`, apiUrl: api.url });
      const rounds = await screen.findByRole(
        "table",
        { name: "Rounds of the Report vault, newest first" },
        { timeout: 15_000 },
      );
      await userEvent.click(within(rounds).getByRole("link", { name: "Report of round 1" }));
      expect(
        await screen.findByRole("heading", { level: 1, name: "Round 1 report" }, { timeout: 15_000 }),
      ).toBeTruthy();

      // The verdict comes first: the hash recomputed in the browser is the settlement's.
      const verdict = (
        await screen.findByRole("heading", { name: "Report matches the chain" }, { timeout: 15_000 })
      ).closest("section") as HTMLElement;
      expect(verdict.getAttribute("role")).toBe("status");
      expect(within(verdict).getByTestId("report-hash").textContent).toBe(hash);
      expect(screen.queryByText("This report does not match the chain")).toBeNull();
      expect(document.title).toBe("Report vault, round 1 report · Fundament");

      expect(screen.getByTestId("report-principal").textContent).toBe("2,000 mUSDC");
      expect(screen.getByTestId("report-total").textContent).toMatch(/^2,200 mUSDC/);
      expect(screen.getByText(report.block.number, { selector: "dd" })).toBeTruthy();
      expect(screen.getByText("Lockup", { selector: "dt" }).nextElementSibling?.textContent).toMatch(
        /^[A-Z][a-z]{2} \d{1,2}(, \d{4})? – [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
      );

      // The trading wallet: given 2,000 at the lockup, minted 2,200 and collected from: 2,000 left at the block.
      const wallets = screen.getByRole("table", { name: /^The round's trading wallets at block \d+/ });
      const [head, row] = within(wallets).getAllByRole("row") as HTMLElement[];
      expect(cells(head as HTMLElement)).toEqual([
        "Trading wallet",
        "Allocation",
        "Balance at the block",
        "Received",
        "Sent",
        "Collected",
      ]);
      expect(cells(row as HTMLElement).slice(1)).toEqual([
        "100%",
        "2,000 mUSDC",
        "4,200 mUSDC",
        "2,200 mUSDC",
        "2,200 mUSDC",
      ]);
      expect(cells(row as HTMLElement)[0]).toMatch(/^Test desk/);

      const transfers = screen.getByRole("table", { name: /^Transfers to and from the trading wallets/ });
      expect(
        within(transfers)
          .getAllByRole("row")
          .slice(1)
          .map((r) => cells(r).slice(1, 4)),
      ).toEqual([
        ["Fund", expect.stringMatching(/^Test desk \(0x7e57…/), "2,000 mUSDC"],
        ["Minted", expect.stringMatching(/^Test desk/), "2,200 mUSDC"],
        [expect.stringMatching(/^Test desk/), "Fund", "2,200 mUSDC"],
      ]);

      expect(screen.getByText("No exchange account is configured for this fund.")).toBeTruthy();

      const declared = within(screen.getByRole("list", { name: "Declared items" })).getAllByRole("listitem");
      expect(declared.map((item) => item.textContent)).toEqual([`150 mUSDC${NOTE}declared, not observed`]);

      const raw = screen.getByRole("link", { name: /The raw report \(JSON\)/ });
      expect(raw.getAttribute("href")).toBe(`${api.url}/v1/vaults/${vaultId}/rounds/${poolId}/report`);
      expect(screen.getByText(`npm run verify-report -- ${vaultId} ${poolId}`).parentElement?.textContent).toBe(
        `Anyone can re-check it: npm run verify-report -- ${vaultId} ${poolId}`,
      );
      const back = screen.getByRole("link", { name: "← Back to the Report vault" });
      expect(back.getAttribute("href")).toBe(`/vaults/${vaultId}`);
    });
  });

  it("says loudly that a served report does not match the chain: the hashes, then the totals too", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId, hash, report } = await settledRound();
      // One wallet's balance changed: the total is still the settlement's, the hash is not.
      api.serve(
        vaultId,
        poolId,
        tampered(report, (r) => {
          (r.tradingWallets[0] as { balance: string }).balance = "2100";
        }),
      );
      await openReport(vaultId, poolId);
      const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
      expect(within(alert).getByRole("heading", { name: "This report does not match the chain" })).toBeTruthy();
      const computed = within(alert).getByTestId("computed-hash").textContent;
      expect(computed).toMatch(/^0x[0-9a-f]{64}$/);
      expect(computed).not.toBe(hash);
      expect(within(alert).getByTestId("chain-hash").textContent).toBe(hash);
      expect(within(alert).queryByTestId("chain-total")).toBeNull();
      expect(screen.queryByText("Report matches the chain")).toBeNull();

      // A report that claims more than the settlement took: both differences are said.
      cleanup();
      api.serve(
        vaultId,
        poolId,
        tampered(report, (r) => {
          r.total = "2300";
        }),
      );
      await openReport(vaultId, poolId);
      const loud = await screen.findByRole("alert", {}, { timeout: 15_000 });
      expect(within(loud).getByRole("heading", { name: "This report does not match the chain" })).toBeTruthy();
      expect(within(loud).getByTestId("chain-hash").textContent).toBe(hash);
      expect(within(loud).getByTestId("report-total-claimed").textContent).toBe("2,300 mUSDC");
      expect(within(loud).getByTestId("chain-total").textContent).toBe("2,200 mUSDC");
      api.serve(vaultId, poolId, null);
    });
  });

  it("says that a round's report is published when the round settles, and when the fund's server is out of reach", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Unsettled vault");
      await investIn(INVESTOR, vaultId, usdc(1_000));
      await lockVault(vaultId);
      const poolId = await currentPoolId(vaultId);
      await renderApp({ path: `/vaults/${vaultId}/rounds/${poolId}/report`, apiUrl: api.url });
      const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
      expect(within(alert).getByRole("heading", { name: "This round's report is not published yet" })).toBeTruthy();
      expect(alert.textContent).toContain(
        `The fund's server says: Round ${poolId} of vault ${vaultId} is not settled yet.`,
      );
      expect(alert.textContent).toContain("A round's report is published when the round settles");
      expect(within(alert).queryByRole("button", { name: "Try again" })).toBeNull();
      const back = await within(alert).findByRole(
        "link",
        { name: "← Back to the Unsettled vault" },
        { timeout: 10_000 },
      );
      expect(back.getAttribute("href")).toBe(`/vaults/${vaultId}`);

      // The spec's id of a vault it names is taken for its on-chain id; an address that names no round is not a report.
      cleanup();
      await renderApp({ path: "/vaults/nft-vault/rounds/2/report", apiUrl: api.url });
      await screen.findByRole("alert", {}, { timeout: 15_000 });
      expect(api.requests.map((r) => r.path)).toContain("/v1/vaults/2/rounds/2/report");
      cleanup();
      await renderApp({ path: "/vaults/nowhere/rounds/latest/report", apiUrl: api.url });
      expect(await screen.findByRole("heading", { name: "Report not found" }, { timeout: 10_000 })).toBeTruthy();

      cleanup();
      await renderApp({ path: `/vaults/${vaultId}/rounds/${poolId}/report` }); // no API listening
      const down = await screen.findByRole("alert", {}, { timeout: 15_000 });
      expect(down.textContent).toContain("The fund's server cannot be reached.");
      expect(within(down).getByRole("button", { name: "Try again" })).toBeTruthy();
    });
  });
});
