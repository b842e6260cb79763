import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AccessRequest, accessRequestMessage } from "@fundament/sdk";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Address, getAddress, type Hex, verifyMessage } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mock } from "wagmi";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { formatDate } from "../../shared/lib/format";
import { ACCESS_SIGNATURE_DECLINED } from "./WhitelistNotice";

type Answer = { status: number; body: unknown };
type Call = { method: string; path: string; body: unknown };

/**
 * A local HTTP server answering the access-request routes like the API does: a request counts only when its signature
 * is the address's signature of the SDK's message (checked with viem here), and a second pending one is refused.
 */
async function startAccessApi() {
  const stored = new Map<string, AccessRequest>();
  const calls: Call[] = [];
  const state = { readAnswersNull: false };
  const readBody = (request: IncomingMessage) =>
    new Promise<unknown>((resolve) => {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => resolve(text ? JSON.parse(text) : undefined));
    });
  const answer = async (method: string, path: string, body: unknown): Promise<Answer> => {
    const read = /^\/v1\/access-requests\/(0x[0-9a-fA-F]{40})$/.exec(path);
    if (method === "GET" && read?.[1]) {
      const request = state.readAnswersNull ? undefined : stored.get(getAddress(read[1]));
      if (!request) return { status: 200, body: { request: null } };
      const { note: _note, ...shown } = request;
      return { status: 200, body: { request: shown } };
    }
    if (method === "POST" && path === "/v1/access-requests") {
      const { address, note, issuedAt, signature } = body as {
        address: Address;
        note: string;
        issuedAt: string;
        signature: Hex;
      };
      const message = accessRequestMessage({ address, note, issuedAt });
      if (!(await verifyMessage({ address, message, signature })))
        return { status: 401, body: { statusCode: 401, message: "The signature is not this address's" } };
      const pending = stored.get(getAddress(address));
      if (pending?.status === "pending") {
        state.readAnswersNull = false;
        return {
          status: 409,
          body: {
            statusCode: 409,
            message: `Access was already requested for ${getAddress(address)} on Nov 2, 2026: the fund's admin has not answered yet`,
          },
        };
      }
      const created: AccessRequest = {
        address: getAddress(address),
        note,
        status: "pending",
        createdAt: new Date().toISOString(),
        decidedAt: null,
      };
      stored.set(created.address, created);
      return { status: 201, body: created };
    }
    if (method === "GET" && /\/plan$/.test(path)) return { status: 200, body: { plan: null } };
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
    const url = new URL(request.url ?? "/", "http://x");
    const body = await readBody(request);
    calls.push({ method: request.method ?? "GET", path: url.pathname, body });
    const { status, body: answerBody } = await answer(request.method ?? "GET", url.pathname, body);
    response.writeHead(status, { "content-type": "application/json", ...cors });
    response.end(JSON.stringify(answerBody));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stored,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let api: Awaited<ReturnType<typeof startAccessApi>>;
beforeEach(async () => {
  api = await startAccessApi();
});
afterEach(async () => {
  cleanup();
  await api.close();
});

const INVESTOR = DEV_ACCOUNTS[6] as Address;
const posts = () => api.calls.filter((c) => c.method === "POST" && c.path.startsWith("/v1/access-requests"));

async function openNotice(connector?: ReturnType<typeof mock>) {
  await renderApp({
    path: "/vaults/futures-trading-vault",
    account: INVESTOR,
    apiUrl: api.url,
    ...(connector && { connector }),
  });
  return screen.findByTestId("whitelist-notice", {}, { timeout: 10_000 });
}

describe("requesting access from the whitelist notice", () => {
  it("says who can invest on the vault page, then signs the request with a note and shows its date, read back", async () => {
    await renderApp({ path: "/vaults/futures-trading-vault", apiUrl: api.url });
    const terms = await screen.findByRole("region", { name: "Fees and limits" }, { timeout: 10_000 });
    expect(within(terms).getByText("Who can invest").closest("div")?.querySelector("dd")?.textContent).toBe(
      "Whitelisted investors onlyThe fund's admin adds wallets to the whitelist. Connect yours to see whether it is listed, or to request access.",
    );
    cleanup();

    const notice = await openNotice();
    const user = userEvent.setup();
    await user.click(await within(notice).findByRole("button", { name: "Request access" }, { timeout: 10_000 }));
    await user.type(within(notice).getByLabelText("Note to the admin (optional)"), "Alice from the Discord");
    expect(within(notice).getByText(/^22\/280 characters\./)).toBeTruthy();
    await user.click(within(notice).getByRole("button", { name: "Sign and send request" }));

    const requested = await within(notice).findByTestId("access-requested", {}, { timeout: 10_000 });
    const today = formatDate(Math.floor(Date.now() / 1000));
    expect(requested.textContent).toBe(
      `Access requested on ${today}. The fund's admin sees your request beside the whitelist.`,
    );
    // The server took it because the wallet signed the SDK's message for this address and this note.
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ address: INVESTOR, note: "Alice from the Discord" });
    expect(api.stored.get(INVESTOR)?.note).toBe("Alice from the Discord");
    expect(within(notice).queryByRole("button", { name: "Request access" })).toBeNull();
    // Coming back later, the page reads the pending request from the server: no button, the same date.
    cleanup();
    const again = await openNotice();
    expect((await within(again).findByTestId("access-requested", {}, { timeout: 10_000 })).textContent).toBe(
      requested.textContent,
    );
    expect(within(again).queryByRole("button", { name: "Request access" })).toBeNull();
    expect(posts()).toHaveLength(1);
  });

  it("says in words when access was already requested", async () => {
    api.stored.set(INVESTOR, {
      address: INVESTOR,
      note: "",
      status: "pending",
      createdAt: "2026-11-02T09:00:00.000Z",
      decidedAt: null,
    });
    // Another tab or device asked a moment ago: this page has not read it yet.
    api.state.readAnswersNull = true;
    const notice = await openNotice();
    const user = userEvent.setup();
    await user.click(await within(notice).findByRole("button", { name: "Request access" }, { timeout: 10_000 }));
    await user.click(within(notice).getByRole("button", { name: "Sign and send request" }));
    expect((await within(notice).findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe(
      `Access was already requested for ${INVESTOR} on Nov 2, 2026: the fund's admin has not answered yet.`,
    );
    expect((await within(notice).findByTestId("access-requested")).textContent).toBe(
      "Access requested on Nov 2, 2026. The fund's admin sees your request beside the whitelist.",
    );
  });

  it("sends nothing when the wallet's signature is declined, and says so", async () => {
    const notice = await openNotice(mock({ accounts: [INVESTOR], features: { signMessageError: true } }));
    const user = userEvent.setup();
    await user.click(await within(notice).findByRole("button", { name: "Request access" }, { timeout: 10_000 }));
    await user.click(within(notice).getByRole("button", { name: "Sign and send request" }));
    expect((await within(notice).findByRole("alert", {}, { timeout: 10_000 })).textContent).toBe(
      ACCESS_SIGNATURE_DECLINED,
    );
    expect(posts()).toEqual([]);
    expect(within(notice).getByRole("button", { name: "Sign and send request" })).toBeTruthy();
  });
});
