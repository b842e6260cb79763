// @vitest-environment happy-dom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { type Anvil, startAnvil } from "../../testing/startAnvil.js";
import { renderWallet } from "../testUtils.js";

const ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
let anvil: Anvil;
let api: Server;
let apiUrl: string;
let failing = false;
const requests: string[] = [];

function tx(i: number) {
  return {
    id: `tx${i}`,
    metadata: {
      minedAt: new Date(Date.UTC(2026, 0, 30 - i)).toISOString(),
      chain: "eip155:31337",
      hash: `0x${String(i).padStart(64, "0")}`,
      sentFrom: ACCOUNT_0,
      sentTo: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      operationType: i % 2 ? "deposit" : "withdraw",
    },
    transfers: [{ quantity: { numeric: `${i}.5` }, fungible_info: { symbol: "mUSDC" } }],
  };
}

beforeAll(async () => {
  anvil = await startAnvil();
  // The API's history route: two pages (cursor "p2"), or a 500 while `failing`.
  api = createServer((req, res) => {
    res.setHeader("access-control-allow-origin", req.headers.origin ?? "*");
    res.setHeader("access-control-allow-credentials", "true");
    if (req.method === "OPTIONS") {
      res.setHeader("access-control-allow-headers", "accept, content-type");
      res.writeHead(204);
      res.end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://x");
    // The counterparty's identity (AddressName): account 1 is named.
    if (url.pathname.startsWith("/v1/identity/")) {
      const named = url.pathname.endsWith("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ name: named ? "bob.fundament" : null, avatar: null }));
      return;
    }
    if (!url.pathname.startsWith("/v1/account/")) {
      res.writeHead(404).end();
      return;
    }
    requests.push(`${url.pathname}?${url.searchParams}`);
    if (failing) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "boom" }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    const cursor = url.searchParams.get("cursor");
    const body = cursor === "p2" ? { data: [tx(3)], next: null } : { data: [tx(1), tx(2)], next: "p2" };
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => api?.close(r));
  await anvil?.stop();
});
beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  failing = false;
});
afterEach(() => cleanup());

async function openActivity() {
  const rendered = renderWallet({ rpcUrl: anvil.rpcUrl, apiUrl, siwx: false });
  const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await act(() => connect(rendered.wagmiConfig, { connector }));
  await screen.findByRole("button", { name: /^Account 0x/ });
  act(() => rendered.core.open({ view: "Transactions" }));
  return { ...rendered, dialog: await screen.findByRole("dialog", { name: "Activity" }) };
}

describe("Transactions view", () => {
  it("loads the history from the API with cursor paging", async () => {
    const { dialog } = await openActivity();
    const list = await within(dialog).findByRole("list", { name: "Transactions" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(list.textContent).toContain("Deposit");
    expect(list.textContent).toContain("1.5 mUSDC");
    // The counterparty shows by name (AddressName), the full address in its accessible name.
    expect(
      (await within(list).findAllByRole("group", { name: "bob.fundament, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }))
        .length,
    ).toBe(2);
    expect(list.textContent).toContain("to bob.fundament");
    await userEvent.click(within(dialog).getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(within(dialog).queryByRole("button", { name: "Load more" })).toBeNull();
    expect(requests).toEqual([
      `/v1/account/${ACCOUNT_0}/history?chainId=31337`,
      `/v1/account/${ACCOUNT_0}/history?cursor=p2&chainId=31337`,
    ]);
  });

  it("a failure shows 'Failed to fetch transactions' and an empty list", async () => {
    failing = true;
    const { dialog } = await openActivity();
    expect(await screen.findByText("Failed to fetch transactions")).toBeTruthy();
    expect(await within(dialog).findByText("No activity yet")).toBeTruthy();
  });
});
