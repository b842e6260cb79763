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

/** Admin, the vault's tab, its "Round and lockup" card once the collected total shows. */
async function roundCard(name: string, apiUrl?: string) {
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
  await waitFor(() => expect(input.value).toBe("2500"), { timeout: 10_000 });
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
