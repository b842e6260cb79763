// @vitest-environment happy-dom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { renderWallet } from "../testUtils.js";
import { ACTIVITY_UNAVAILABLE } from "./TransactionsView.js";

const ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const { rpcUrl } = testChainForFile();
let api: Server;
let apiUrl: string;
let failing = false;
/** Serve the labelled page (a complete history's kinds of items) instead of the paged one. */
let labelled = false;
/** Serve the fund's page (investments and withdrawals by vault, votes, roll-over changes). */
let fundPage = false;
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

const FUND = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const ROUTER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const SWAP_HASH = `0x${"5".repeat(64)}`;
/** One item of the API's complete history. */
function item(
  id: string,
  operationType: string,
  [from, to]: [string, string],
  [numeric, symbol, direction]: [string, string, "in" | "out"],
  extra: { hash?: string; spam?: true } = {},
) {
  return {
    id,
    metadata: {
      minedAt: new Date(Date.UTC(2026, 0, 10)).toISOString(),
      chain: "eip155:31337",
      hash: extra.hash ?? `0x${id.padStart(64, "0")}`,
      sentFrom: from,
      sentTo: to,
      status: "confirmed",
      operationType,
    },
    transfers: [
      { fungible_info: { name: symbol, symbol }, direction, quantity: { numeric }, ...(extra.spam && { spam: true }) },
    ],
    ...(extra.spam && { spam: true }),
  };
}
const BOB = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const ZERO = "0x0000000000000000000000000000000000000000";
const PAIR = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const LABELLED = [
  item("1", "send", [ACCOUNT_0, BOB], ["1.25", "ETH", "out"]),
  item("2", "receive", [BOB, ACCOUNT_0], ["0.0001", "mWBTC", "in"]),
  item("3", "swap", [ACCOUNT_0, ROUTER], ["0.5", "ETH", "out"], { hash: SWAP_HASH }),
  item("4", "swap", [PAIR, ACCOUNT_0], ["1490", "mUSDC", "in"], { hash: SWAP_HASH }),
  item("5", "invest", [ACCOUNT_0, FUND], ["100", "mUSDC", "out"]),
  item("6", "withdraw", [FUND, ACCOUNT_0], ["102.5", "mUSDC", "in"]),
  item("7", "mint", [ZERO, ACCOUNT_0], ["10000", "mUSDC", "in"]),
  item("8", "receive", [BOB, ACCOUNT_0], ["1000000", "FREE", "in"], { spam: true }),
  item("9", "approve", [ACCOUNT_0, ROUTER], ["5000", "mUSDC", "out"]),
];

/** An item of the API's history for a fund event: an investment or withdrawal by vault, a vote, a roll-over change. */
function fundItem(
  id: string,
  operationType: string,
  metadata: Record<string, unknown>,
  amount?: [string, "in" | "out"],
) {
  const toFund = operationType !== "withdraw";
  return {
    id,
    metadata: {
      minedAt: new Date(Date.UTC(2026, 0, 12)).toISOString(),
      chain: "eip155:31337",
      hash: `0x${id.padStart(64, "0")}`,
      sentFrom: toFund ? ACCOUNT_0 : FUND,
      sentTo: toFund ? (operationType === "vote" ? GOVERNOR : FUND) : ACCOUNT_0,
      status: "confirmed",
      operationType,
      ...metadata,
    },
    transfers: amount
      ? [{ fungible_info: { name: "mUSDC", symbol: "mUSDC" }, direction: amount[1], quantity: { numeric: amount[0] } }]
      : [],
  };
}
const GOVERNOR = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const FUTURES = { id: "1", name: "Crypto futures trading vault" };
const FUND_ROWS = [
  fundItem("21", "invest", { vault: FUTURES }, ["100", "out"]),
  fundItem("22", "withdraw", { vault: { id: "2", name: "NFT lending vault" } }, ["102.5", "in"]),
  fundItem("23", "vote", { vote: { proposalId: "5", choice: "for" } }),
  fundItem("24", "vote", { vote: { proposalId: "2", choice: "against" } }),
  fundItem("25", "vote", { vote: { proposalId: "7", choice: "abstain" } }),
  fundItem("26", "rollover", { vault: FUTURES, rollOver: { enabled: true } }),
  fundItem("27", "rollover", { vault: { id: "3" }, rollOver: { enabled: false } }),
];

beforeAll(async () => {
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
    const body = labelled
      ? { data: LABELLED, next: null }
      : fundPage
        ? { data: FUND_ROWS, next: null }
        : cursor === "p2"
          ? { data: [tx(3)], next: null }
          : { data: [tx(1), tx(2)], next: "p2" };
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => api?.close(r));
});
beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  failing = false;
  labelled = false;
  fundPage = false;
});
afterEach(() => cleanup());

async function openActivity() {
  const rendered = renderWallet({ rpcUrl, apiUrl, siwx: false });
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

  it("labels each row, shows amounts with symbols, a swap as one row, and marks possible spam", async () => {
    labelled = true;
    const { dialog } = await openActivity();
    const list = await within(dialog).findByRole("list", { name: "Transactions" });
    const rows = within(list).getAllByRole("listitem");
    // Nine items, the swap's two legs in one row.
    expect(rows).toHaveLength(8);
    const text = rows.map((row) => row.textContent ?? "");
    expect(text[0]).toMatch(/^Sent to .*1\.25 ETH/);
    expect(text[1]).toMatch(/^Received from .*0\.0001 mWBTC/);
    expect(text[2]).toMatch(/^Swapped 0\.5 ETH for 1,490 mUSDC/);
    expect(text[3]).toMatch(/^Invested in .*100 mUSDC/);
    expect(text[4]).toMatch(/^Withdrew from .*102\.5 mUSDC/);
    expect(text[5]).toMatch(/^Minted ?Jan.*10,000 mUSDC/);
    expect(text[6]).toMatch(/^Received from .*Possible spam.*1,000,000 FREE/);
    expect(text[7]).toMatch(/^Approved for .*5,000 mUSDC/);
    // Only the unlisted token carries the mark; counterparties show through AddressName.
    expect(within(list).getAllByText("Possible spam")).toHaveLength(1);
    expect(within(rows[6] as HTMLElement).getByText("Possible spam")).toBeTruthy();
    expect((await within(list).findAllByRole("group", { name: `bob.fundament, ${BOB}` })).length).toBe(3);
  });

  it("names the vault of investments and withdrawals, and shows votes and roll-over changes as rows", async () => {
    fundPage = true;
    const { dialog } = await openActivity();
    const list = await within(dialog).findByRole("list", { name: "Transactions" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(7);
    const text = rows.map((row) => row.textContent ?? "");
    expect(text[0]).toMatch(/^Invested in Crypto futures trading vault ?Jan.*100 mUSDC/);
    expect(text[1]).toMatch(/^Withdrew from NFT lending vault ?Jan.*102\.5 mUSDC/);
    expect(text[2]).toMatch(/^Voted for proposal #5 ?Jan/);
    expect(text[3]).toMatch(/^Voted against proposal #2 ?Jan/);
    expect(text[4]).toMatch(/^Abstained on proposal #7 ?Jan/);
    expect(text[5]).toMatch(/^Turned roll-over on for Crypto futures trading vault ?Jan/);
    expect(text[6]).toMatch(/^Turned roll-over off for vault #3 ?Jan/);
    // The vault's name, not the fund's address; the address stays in its title.
    expect(list.textContent).not.toMatch(/0x3C44|0x3c44/i);
    expect(
      within(rows[0] as HTMLElement)
        .getByText("Crypto futures trading vault")
        .getAttribute("title"),
    ).toBe(FUND);
    // Votes and roll-over changes move no token: no amount, but the transaction's link like every row.
    for (const row of rows.slice(2)) {
      expect(row.textContent).not.toMatch(/mUSDC/);
      expect(within(row).getByTitle(/^0x0+2\d$/)).toBeTruthy();
    }
    expect(within(list).queryByText("Possible spam")).toBeNull();
  });

  it("a failure shows 'Failed to fetch transactions', says the activity could not be loaded (not 'No activity yet'), and Try again loads it", async () => {
    failing = true;
    const { dialog } = await openActivity();
    expect(await screen.findByText("Failed to fetch transactions")).toBeTruthy();
    expect(await within(dialog).findByText(ACTIVITY_UNAVAILABLE)).toBeTruthy();
    expect(within(dialog).queryByText("No activity yet")).toBeNull();
    failing = false;
    await userEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByRole("list", { name: "Transactions" })).toBeTruthy();
    expect(within(dialog).queryByText(ACTIVITY_UNAVAILABLE)).toBeNull();
  });
});
