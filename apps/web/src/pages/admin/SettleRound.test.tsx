/**
 * Settling a round with its report, as the admin does it on the seeded test chain: the fund's server (a local
 * stand-in of the API's report routes, building with the SDK from the chain) builds the round's report first, with
 * the admin's declared items; the confirmation shows its total and hash; the settlement carries that hash on chain.
 * When the server refuses or cannot be reached, the section says so and nothing is sent.
 */
import { actionMessages, formatChangeTime } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { zeroHash } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROMPT_METHODS, withSnapshot } from "../../../test/chain";
import {
  ADMIN,
  createTestVault,
  currentPoolId,
  fundRead,
  fundWrite,
  investIn,
  lockVault,
  returnFunds,
  runRound,
  usdc,
} from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { startReportApi } from "../../../test/reportApi";
import { findToast } from "../../../test/toasts";
import { shortenAddress } from "../../shared/lib/format";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());
let api: Awaited<ReturnType<typeof startReportApi>>;
beforeAll(async () => {
  api = await startReportApi();
});
afterAll(() => api.close());

const reportPosts = () => api.requests.filter((r) => r.method === "POST" && /\/report$/.test(r.path));
const prompts = () => (recorder?.methods ?? []).filter((m) => PROMPT_METHODS.includes(m));
const NOTE = "Interest of an NFT loan, repaid to the fund's safe";

/**
 * A vault of its own whose round is locked, 2,500 collected back from its 2,000, and its lockup over; its settlements
 * wait `challengeWindow` seconds (0, the local chain's default: final at once).
 */
async function lockedRound(name: string, challengeWindow = 0) {
  const vaultId = await createTestVault(name);
  if (challengeWindow > 0) await fundWrite(ADMIN, "setChallengeWindow", [BigInt(vaultId), BigInt(challengeWindow)]);
  await investIn(DEV_ACCOUNTS[1] as `0x${string}`, vaultId, usdc(2_000));
  await lockVault(vaultId);
  await returnFunds(vaultId, usdc(2_500));
  return { vaultId, poolId: await currentPoolId(vaultId) };
}

/** Admin, the vault's tab, its "Round and lockup" card once the collected total (`total`, whole tokens) shows. */
async function roundCard(name: string, apiUrl?: string, total = "2500") {
  await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0], ...(apiUrl ? { apiUrl } : {}) });
  await userEvent.click(await screen.findByRole("tab", { name: new RegExp(`^${name}`) }, { timeout: 10_000 }));
  const round = within(screen.getByRole("tabpanel"))
    .getByRole("heading", { name: "Round and lockup", level: 3 })
    .closest("section") as HTMLElement;
  const input = (await within(round).findByLabelText(
    "Total returned (mUSDC)",
    {},
    { timeout: 10_000 },
  )) as HTMLInputElement;
  await waitFor(() => expect(input.value).toBe(total), { timeout: 10_000 });
  const end = within(round).getByRole("button", { name: "End lockup period" }) as HTMLButtonElement;
  await waitFor(() => expect(end.disabled).toBe(false), { timeout: 10_000 });
  return { round, end };
}

describe("settling a round with its report", () => {
  it("has the API build the report with the declared items, shows it before any prompt, and settles with its hash", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId } = await lockedRound("Reported vault");
      recorder = recordRpcMethods();
      const { round, end } = await roundCard("Reported vault", api.url);

      // A declared item: its row gets the focus; a note is required before anything is asked of the server.
      await userEvent.click(within(round).getByRole("button", { name: "Add a declared item" }));
      const item = within(round).getByRole("group", { name: "Declared item 1" });
      const amount = within(item).getByLabelText("Amount (mUSDC)");
      expect(document.activeElement).toBe(amount);
      await userEvent.type(amount, "150");
      await userEvent.click(end);
      expect(within(item).getByRole("alert").textContent).toBe(
        "Say what this amount is: the report shows the note beside it.",
      );
      expect(reportPosts()).toEqual([]);
      await userEvent.type(within(item).getByLabelText("Note"), NOTE);

      // The build is held: the section says what it is doing, and nothing is prompted meanwhile.
      const release = api.hold();
      await userEvent.click(end);
      expect(await within(round).findByText("Building the round's report…")).toBeTruthy();
      expect(end.disabled).toBe(true);
      expect(prompts()).toEqual([]);
      release();

      const confirmation = await within(round).findByRole(
        "group",
        { name: /^Settle round 1 with 2,500 mUSDC returned/ },
        { timeout: 15_000 },
      );
      const [built] = api.built;
      expect([built?.vaultId, built?.poolId]).toEqual([vaultId, poolId]);
      expect(reportPosts().map((r) => JSON.parse(r.body))).toEqual([
        {
          manualItems: [{ amount: "150", note: NOTE }],
        },
      ]);
      const report = within(confirmation).getByTestId("built-report");
      expect(within(report).getByTestId("built-report-total").textContent).toBe("2,500 mUSDC");
      const hash = within(report).getByTestId("built-report-hash");
      expect(hash.textContent).toBe(shortenAddress(built?.hash ?? ""));
      expect(hash.getAttribute("title")).toBe(built?.hash);
      expect(report.textContent).toContain("with 1 declared item (declared, not observed)");
      await userEvent.click(within(report).getByText("View the report"));
      expect(within(report).getByRole("region", { name: "The round's report (JSON)" }).textContent).toContain(
        `"note": "${NOTE}"`,
      );
      expect(prompts()).toEqual([]);

      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm settlement" }));
      expect(await findToast("Pool settled successfully.")).toBeTruthy();
      const info = (await fundRead("getPoolInfo", [poolId])) as { reportHash: string; collected: bigint };
      expect(info.reportHash).toBe(built?.hash);
      expect(info.collected).toBe(usdc(2_500));
    });
  });

  it("in a vault whose settlements wait a day, proposes: the confirmation says so, then the SDK's words and the waiting proposal instead of the form", async () => {
    await withSnapshot(async () => {
      const { vaultId, poolId } = await lockedRound("Window vault", 86_400);
      const { round, end } = await roundCard("Window vault", api.url);
      expect(round.textContent).toContain(
        "This vault's settlements are proposed first and wait 24 hours, open to a veto, before they are final.",
      );
      await userEvent.click(end);
      const confirmation = await within(round).findByRole(
        "group",
        { name: /^Settle round 1 with 2,500 mUSDC returned/ },
        { timeout: 15_000 },
      );
      expect(confirmation.textContent).toContain(
        "It is proposed first: it becomes final 24 hours after it is sent (anyone can then make it final, and round 2 opens), unless a guardian or an admin vetoes it before.",
      );
      expect(confirmation.textContent).not.toContain("This cannot be undone");
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm settlement" }));
      expect(await findToast(actionMessages.settleProposed)).toBeTruthy();

      const info = (await fundRead("getPoolInfo", [poolId])) as { state: number; finalAt: bigint; reportHash: string };
      expect(info.state).toBe(2); // still locked: proposed, not final
      expect(info.reportHash).toBe(api.built.at(-1)?.hash);
      const panel = await within(round).findByTestId(`proposed-settlement-${vaultId}`, {}, { timeout: 10_000 });
      await waitFor(
        () =>
          expect(panel.textContent).toContain(
            `Final from ${formatChangeTime(Number(info.finalAt))} (in 1 d 0 h), unless it is vetoed before.`,
          ),
        { timeout: 10_000 },
      );
      const finalise = within(panel).getByRole("button", { name: "Finalise settlement" }) as HTMLButtonElement;
      expect(finalise.disabled).toBe(true);
      expect(finalise.getAttribute("aria-describedby")).toBeTruthy();
      expect(document.getElementById(finalise.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
        /^Final from /,
      );
      expect(within(round).queryByRole("button", { name: "End lockup period" })).toBeNull();
      expect(within(round).queryByLabelText("Total returned (mUSDC)")).toBeNull();
    });
  });

  it("shows the management and performance fees the chain then charges, and the recovery up to the mark that pays none", async () => {
    await withSnapshot(async () => {
      // Round 1 lost 20 % for a rolling investor (1,000 → 800): round 2 starts at 0.8 a share, below the mark of 1.0.
      // A raise to 1 % a year goes through the timelock before round 2 locks, so round 2 is charged it.
      const investor = DEV_ACCOUNTS[1] as `0x${string}`;
      const vaultId = await createTestVault("Fee round vault");
      await investIn(investor, vaultId, usdc(1_000));
      await fundWrite(investor, "setRollOver", [BigInt(vaultId), true]);
      await runRound(vaultId, usdc(800));
      await fundWrite(ADMIN, "setFees", [BigInt(vaultId), 100n, 2_000n], { timelock: true });
      await lockVault(vaultId);
      const poolId = await currentPoolId(vaultId);
      await returnFunds(vaultId, usdc(1_100));
      const { round, end } = await roundCard("Fee round vault", api.url, "1100");

      // 1 % a year of 800 for the 7 days locked: 0.153424; then 20 % of what is above the mark's 1,000: 19.969315.
      expect(within(round).getByTestId("settle-fees-preview").textContent).toBe(
        "At this total the fund charges a management fee of 0.15 mUSDC and a performance fee of 19.97 mUSDC; its investors get 1,079.88 mUSDC.",
      );
      await userEvent.click(end);
      const confirmation = await within(round).findByRole(
        "group",
        {
          name: "Settle round 2 with 1,100 mUSDC returned: its investors get 1,079.88 mUSDC (800 mUSDC put in and 279.88 mUSDC profit) and the fund 20.12 mUSDC in fees (management fee 0.15 mUSDC, performance fee 19.97 mUSDC); round 3 opens.",
        },
        { timeout: 15_000 },
      );
      const lines = within(within(confirmation).getByTestId("settle-fees")).getAllByRole("listitem");
      expect(lines.map((line) => line.textContent)).toEqual([
        "Management fee: 0.15 mUSDC, 1% a year of the principal for the 7 days the round was locked.",
        "Performance fee: 19.97 mUSDC, 20% of the profit above the high-water mark.",
        "The high-water mark (1.0000 per share) is above this round's start price (0.8000 per share): its recovery up to 1,000 mUSDC wins back an earlier loss and pays no performance fee.",
      ]);
      await userEvent.click(within(confirmation).getByRole("button", { name: "Confirm settlement" }));
      expect(await findToast("Pool settled successfully.")).toBeTruthy();
      // What the chain charged is what the form said, to the unit.
      const info = (await fundRead("getPoolInfo", [poolId])) as { managementFee: bigint; performanceFee: bigint };
      expect([info.managementFee, info.performanceFee]).toEqual([153_424n, 19_969_315n]);
    });
  });

  it("says why the report could not be built, in the section, and sends nothing", async () => {
    await withSnapshot(async () => {
      const { poolId } = await lockedRound("Refused vault");
      api.refuse({ status: 503, message: "The exchange account could not be read: the exchange timed out." });
      recorder = recordRpcMethods();
      const { round, end } = await roundCard("Refused vault", api.url);
      await userEvent.click(end);
      const error = await within(round).findByTestId("report-build-error", {}, { timeout: 15_000 });
      expect(error.getAttribute("role")).toBe("alert");
      expect(error.textContent).toBe(
        "The fund's server could not build the round's report: The exchange account could not be read: the exchange timed out." +
          "Nothing was sent: a round settles only with its report. Try again once the fund's server answers.",
      );
      expect(within(round).queryByRole("group", { name: /^Settle round/ })).toBeNull();
      expect(prompts()).toEqual([]);
      api.refuse(null);
      expect(await fundRead("poolState", [poolId])).toBe(2); // still locked
      expect(((await fundRead("getPoolInfo", [poolId])) as { reportHash: string }).reportHash).toBe(zeroHash);
    });
  });

  it("says so when the fund's server cannot be reached, and sends nothing", async () => {
    await withSnapshot(async () => {
      const { poolId } = await lockedRound("Unreachable vault");
      recorder = recordRpcMethods();
      const { round, end } = await roundCard("Unreachable vault"); // no API listening
      await userEvent.click(end);
      const error = await within(round).findByTestId("report-build-error", {}, { timeout: 15_000 });
      expect(error.textContent).toMatch(/^The fund's server cannot be reached, so the round's report was not built\./);
      expect(prompts()).toEqual([]);
      expect(await fundRead("poolState", [poolId])).toBe(2); // still locked
    });
  });
});
