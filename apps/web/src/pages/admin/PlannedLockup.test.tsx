import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { VaultPlan } from "@fundament/sdk";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Address } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { ADMIN, createTestVault, investIn, lockVault, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { formatDate } from "../../shared/lib/format";
import { PLANNED_LOCKUP_SIGN_IN_REASON, PlannedLockup, plannedAtOfDay } from "./PlannedLockup";

type Call = { method: string; path: string; body: unknown };

/** A local HTTP server answering the plan routes like the API (CORS with credentials); `refuse` answers every PUT. */
async function startPlanApi() {
  const plans = new Map<string, VaultPlan>();
  const calls: Call[] = [];
  const state: { refuse: { status: number; message: string } | null } = { refuse: null };
  const readBody = (request: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => resolve(text ? JSON.parse(text) : undefined));
    });
  const server: Server = createServer(async (request, response) => {
    const cors = {
      "access-control-allow-origin": request.headers.origin ?? "*",
      "access-control-allow-credentials": "true",
      "access-control-allow-headers": "accept, content-type",
      "access-control-allow-methods": "GET, POST, PUT, OPTIONS",
    };
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const body = await readBody(request);
    calls.push({ method: request.method ?? "GET", path, body });
    const match = /^\/v1\/vaults\/(\d+)\/rounds\/(\d+)\/plan$/.exec(path);
    let status = 404;
    let answer: unknown = { message: "Route not found" };
    if (match && request.method === "GET") {
      status = 200;
      answer = { plan: plans.get(path) ?? null };
    } else if (match && request.method === "PUT") {
      if (state.refuse) {
        status = state.refuse.status;
        answer = { statusCode: status, message: state.refuse.message };
      } else {
        const { plannedAt } = body as { plannedAt: string | null };
        if (plannedAt)
          plans.set(path, {
            vaultId: Number(match[1]),
            round: Number(match[2]),
            plannedAt,
            setBy: ADMIN,
            updatedAt: new Date().toISOString(),
          });
        else plans.delete(path);
        status = 200;
        answer = { plan: plans.get(path) ?? null };
      }
    } else if (path === "/auth/session") {
      status = 401;
      answer = { message: "Not signed in" };
    }
    response.writeHead(status, { "content-type": "application/json", ...cors });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plans,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let api: Awaited<ReturnType<typeof startPlanApi>>;
beforeEach(async () => {
  api = await startPlanApi();
});
afterEach(async () => {
  cleanup();
  await api.close();
});

/** The day `days` from now as a date input holds it, and as the app writes it. */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const shownDay = (day: string) => formatDate(Date.parse(`${day}T12:00:00Z`) / 1000);
const investorText = (day: string) =>
  `Planned lockup: ${shownDay(day)} (set by the fund's admin; deposits close when the admin locks the round)`;
const open = { vaultId: 1, round: 1, status: "open" as const };
const puts = () => api.calls.filter((c) => c.method === "PUT");

describe("the admin's planned lockup date", () => {
  it("stores the day at noon UTC, so the investor's day is the admin's in every time zone", () => {
    expect(plannedAtOfDay("2026-12-05")).toBe("2026-12-05T12:00:00.000Z");
    expect(plannedAtOfDay("2026-13-40")).toBeNull();
    expect(plannedAtOfDay("")).toBeNull();
  });

  it("is set, shown as investors read it, and cleared, in the open round's section", async () => {
    await renderApp({ apiUrl: api.url, account: ADMIN, children: <PlannedLockup vault={open} /> });
    const form = await screen.findByTestId("planned-lockup-form", {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(form).getByTestId("planned-lockup-now").textContent).toBe(
        "No date planned: investors see none. The lockup itself is still yours to start.",
      ),
    );
    const day = dayIn(7);
    fireEvent.change(within(form).getByLabelText("Planned lockup date"), { target: { value: day } });
    await userEvent.click(within(form).getByRole("button", { name: "Save planned date" }));
    expect((await within(form).findByRole("status", {}, { timeout: 10_000 })).textContent).toBe(
      `Planned lockup saved: ${shownDay(day)}.`,
    );
    expect(puts()).toEqual([
      { method: "PUT", path: "/v1/vaults/1/rounds/1/plan", body: { plannedAt: `${day}T12:00:00.000Z` } },
    ]);
    await waitFor(() =>
      expect(within(form).getByTestId("planned-lockup-now").textContent).toBe(
        `Investors read: “${investorText(day)}”.`,
      ),
    );
    expect((within(form).getByLabelText("Planned lockup date") as HTMLInputElement).value).toBe(day);

    fireEvent.change(within(form).getByLabelText("Planned lockup date"), { target: { value: "" } });
    await userEvent.click(within(form).getByRole("button", { name: "Clear planned date" }));
    expect((await within(form).findByRole("status")).textContent).toBe("Planned lockup date cleared.");
    expect(puts()[1]?.body).toEqual({ plannedAt: null });
  });

  it("says the server's refusal in words, and offers a sign-in without a session", async () => {
    api.state.refuse = { status: 401, message: "Sign in with a fund admin's account, or send the admin bearer token" };
    await renderApp({ apiUrl: api.url, account: ADMIN, siwx: true, children: <PlannedLockup vault={open} /> });
    const form = await screen.findByTestId("planned-lockup-form", {}, { timeout: 10_000 });
    await waitFor(() => expect(within(form).getByTestId("planned-lockup-now").textContent).toMatch(/^No date planned/));
    fireEvent.change(within(form).getByLabelText("Planned lockup date"), { target: { value: dayIn(3) } });
    await userEvent.click(within(form).getByRole("button", { name: "Save planned date" }));
    expect((await within(form).findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe(
      "Sign in with a fund admin's account, or send the admin bearer token.",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Sign in" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(await within(dialog).findByText(PLANNED_LOCKUP_SIGN_IN_REASON)).toBeTruthy();
  });

  it("is not offered once the round is locked", async () => {
    await renderApp({
      apiUrl: api.url,
      account: ADMIN,
      children: (
        <div data-testid="holder">
          <PlannedLockup vault={{ ...open, status: "locked" }} />
        </div>
      ),
    });
    expect((await screen.findByTestId("holder")).textContent).toBe("");
    expect(api.calls.filter((c) => c.path.endsWith("/plan"))).toEqual([]);
  });
});

describe("the planned lockup date on the vault page", () => {
  it("shows the open round's planned date, nothing when unset, and nothing once the round is locked", async () => {
    await withSnapshot(async () => {
      const vaultId = await createTestVault("Planned vault");
      await renderApp({ path: `/vaults/${vaultId}`, apiUrl: api.url });
      await screen.findByRole("region", { name: "Fees and limits" }, { timeout: 10_000 });
      await waitFor(() => expect(api.calls.some((c) => c.path === `/v1/vaults/${vaultId}/rounds/1/plan`)).toBe(true));
      expect(screen.queryByTestId("planned-lockup")).toBeNull();
      cleanup();

      const day = dayIn(5);
      api.plans.set(`/v1/vaults/${vaultId}/rounds/1/plan`, {
        vaultId,
        round: 1,
        plannedAt: `${day}T12:00:00.000Z`,
        setBy: ADMIN,
        updatedAt: new Date().toISOString(),
      });
      await renderApp({ path: `/vaults/${vaultId}`, apiUrl: api.url });
      expect((await screen.findByTestId("planned-lockup", {}, { timeout: 10_000 })).textContent).toBe(
        investorText(day),
      );
      cleanup();

      await investIn(DEV_ACCOUNTS[1] as Address, vaultId, usdc(100));
      await lockVault(vaultId);
      const before = api.calls.length;
      await renderApp({ path: `/vaults/${vaultId}`, apiUrl: api.url });
      await screen.findByRole("region", { name: "Fees and limits" }, { timeout: 10_000 });
      expect(screen.queryByTestId("planned-lockup")).toBeNull();
      expect(api.calls.slice(before).filter((c) => c.path.endsWith("/plan"))).toEqual([]);
    });
  });
});
