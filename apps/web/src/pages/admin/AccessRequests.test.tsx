import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AccessRequest } from "@fundament/sdk";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Address, getAddress } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { ADMIN, fundRead } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { ACCESS_REQUESTS_SIGN_IN, ACCESS_REQUESTS_SIGN_IN_REASON } from "./AccessRequests";
import { WhitelistSection } from "./WhitelistSection";

type Answer = { status: number; body: unknown };
type Call = { method: string; path: string };

/**
 * A local HTTP server answering like the API (CORS with credentials, as the browser needs): the pending access
 * requests, their approval and dismissal, and the names service's records. `calls` lists every request in order.
 */
async function startFakeApi() {
  const pending = new Map<string, AccessRequest>();
  const names = new Map<string, Address>();
  const calls: Call[] = [];
  const state: { list: Answer | null } = { list: null };
  const drain = (request: IncomingMessage) =>
    new Promise<void>((resolve) => {
      request.on("data", () => undefined);
      request.on("end", () => resolve());
    });
  const answer = (method: string, path: string): Answer => {
    if (method === "GET" && path === "/v1/access-requests")
      return state.list ?? { status: 200, body: { requests: [...pending.values()] } };
    const decision = /^\/v1\/access-requests\/(0x[0-9a-fA-F]{40})\/(approve|dismiss)$/.exec(path);
    if (method === "POST" && decision?.[1]) {
      const request = pending.get(decision[1]);
      if (!request) return { status: 404, body: { message: `No pending access request for ${decision[1]}` } };
      pending.delete(decision[1]);
      const status = decision[2] === "approve" ? "approved" : "dismissed";
      return { status: 200, body: { ...request, status, decidedAt: new Date().toISOString() } };
    }
    const name = /^\/v1\/profile\/account\/([^/]+)$/.exec(path);
    if (method === "GET" && name?.[1]) {
      const full = decodeURIComponent(name[1]);
      const address = names.get(full);
      if (!address)
        return {
          status: 404,
          body: {
            message: `Name ${full} is not registered`,
            reasons: [{ description: `Name ${full} is not registered` }],
          },
        };
      return {
        status: 200,
        body: { name: full, registered: 1, updated: 1, addresses: { "2147483648": { address } }, attributes: {} },
      };
    }
    if (method === "GET" && path === "/auth/session") return { status: 401, body: { message: "Not signed in" } };
    return { status: 404, body: { message: "Route not found" } };
  };
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
    await drain(request);
    const url = new URL(request.url ?? "/", "http://x");
    calls.push({ method: request.method ?? "GET", path: url.pathname });
    const { status, body } = answer(request.method ?? "GET", url.pathname);
    response.writeHead(status, { "content-type": "application/json", ...cors });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pending,
    names,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let api: Awaited<ReturnType<typeof startFakeApi>>;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(async () => {
  cleanup();
  await api.close();
});

const ALICE = DEV_ACCOUNTS[6] as Address;
/** A wallet nobody whitelisted. */
const BOB = getAddress("0x000000000000000000000000000000000000b0b5");
const request = (address: Address, note: string, createdAt: string): AccessRequest => ({
  address,
  note,
  status: "pending",
  createdAt,
  decidedAt: null,
});
const show = (siwx = false) => renderApp({ apiUrl: api.url, account: ADMIN, siwx, children: <WhitelistSection /> });
const requests = () => screen.findByTestId("access-requests", {}, { timeout: 10_000 });
const isWhitelisted = (address: Address) => fundRead("isWhitelisted", [address]) as Promise<boolean>;

describe("investors' access requests in the whitelist section", () => {
  it("lists each pending request's address, note and date; Add whitelists on chain then approves, Dismiss dismisses", async () => {
    await withSnapshot(async () => {
      api.pending.set(ALICE, request(ALICE, "Alice from the Discord", "2026-11-02T09:00:00.000Z"));
      api.pending.set(BOB, request(BOB, "", "2026-11-03T09:00:00.000Z"));
      expect(await isWhitelisted(ALICE)).toBe(false);
      await show();
      const section = await requests();
      const items = await within(section).findAllByTestId("access-request-item", {}, { timeout: 10_000 });
      expect(items.map((item) => item.querySelector(".muted")?.textContent)).toEqual([
        " requested on Nov 2, 2026: “Alice from the Discord”",
        " requested on Nov 3, 2026 (no note)",
      ]);

      const user = userEvent.setup();
      await user.click(within(section).getByRole("button", { name: `Add ${ALICE} to the whitelist` }));
      expect((await within(section).findByRole("status", {}, { timeout: 20_000 })).textContent).toBe(
        `${ALICE} is whitelisted; its request is closed.`,
      );
      expect(await isWhitelisted(ALICE)).toBe(true);
      // Approved only after the whitelist write went through.
      expect(api.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
        `/v1/access-requests/${ALICE}/approve`,
      ]);
      await waitFor(() => expect(within(section).getAllByTestId("access-request-item")).toHaveLength(1));

      await user.click(within(section).getByRole("button", { name: `Dismiss the request of ${BOB}` }));
      expect((await within(section).findByRole("status")).textContent).toBe(`The request of ${BOB} is dismissed.`);
      expect(await within(section).findByText("No pending requests.")).toBeTruthy();
      expect(await isWhitelisted(BOB)).toBe(false);
    });
  });

  it("asks an admin without a session to sign in, and says the server's sentence for another account", async () => {
    api.state.list = { status: 401, body: { statusCode: 401, message: "Sign in with a fund admin's account" } };
    await show(true);
    const prompt = await within(await requests()).findByTestId("access-requests-sign-in", {}, { timeout: 10_000 });
    expect(within(prompt).getByText(ACCESS_REQUESTS_SIGN_IN)).toBeTruthy();
    await userEvent.click(within(prompt).getByRole("button", { name: "Sign in" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(await within(dialog).findByText(ACCESS_REQUESTS_SIGN_IN_REASON)).toBeTruthy();
    cleanup();

    api.state.list = {
      status: 403,
      body: { statusCode: 403, message: "Only the fund's admins may manage access requests" },
    };
    await show();
    expect(
      (await within(await requests()).findByTestId("access-requests-error", {}, { timeout: 10_000 })).textContent,
    ).toBe("Only the fund's admins may manage access requests.");
  });
});

describe("the whitelist's input takes a name of the fund's names service", () => {
  it("shows the name's address before adding it, and says in words when a name does not resolve", async () => {
    await withSnapshot(async () => {
      api.names.set("alice.fundament", ALICE);
      await show();
      const input = await screen.findByLabelText("Investor wallet address", {}, { timeout: 10_000 });
      const user = userEvent.setup();
      await user.type(input, "bob.fundament");
      expect((await screen.findByTestId("whitelist-name", {}, { timeout: 10_000 })).textContent).toBe(
        "Looking up bob.fundament…",
      );
      await waitFor(() =>
        expect(screen.getByTestId("whitelist-name").textContent).toBe(
          "bob.fundament is not a registered name: check its spelling, or ask the investor for their address.",
        ),
      );
      await user.click(screen.getByRole("button", { name: "Whitelist investor" }));
      expect(screen.getByRole("alert").textContent).toBe(
        "bob.fundament is not a registered name: check its spelling, or ask the investor for their address.",
      );

      await user.clear(input);
      await user.type(input, "alice.eth");
      await user.click(screen.getByRole("button", { name: "Whitelist investor" }));
      expect(screen.getByRole("alert").textContent).toBe(
        "Only names ending in .fundament resolve here: enter that name, or the investor's 0x address.",
      );

      await user.clear(input);
      await user.type(input, "Alice.Fundament");
      await waitFor(() => expect(screen.getByTestId("whitelist-name").textContent).toBe(`alice.fundament → ${ALICE}`));
      expect(await isWhitelisted(ALICE)).toBe(false);
      await user.click(screen.getByRole("button", { name: "Whitelist investor" }));
      await waitFor(async () => expect(await isWhitelisted(ALICE)).toBe(true), { timeout: 20_000 });
    });
  });
});
