// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPublicClient, http, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shortenAddress } from "../../core/format.js";
import { type NamesTestServer, startNamesTestServer } from "../../testing/startNamesTestServer.js";
import { renderWallet } from "../testUtils.js";
import { AddressName } from "./AddressName.js";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const NOBODY = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
let server: NamesTestServer;
beforeAll(async () => {
  const client = createPublicClient({ chain: foundry, transport: http("http://127.0.0.1:9") }) as PublicClient;
  server = await startNamesTestServer({ client });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server.requests.length = 0;
  server.names.clear();
  server.names.set("alice.fundament", { address: ALICE, coinType: 2147514985, registered: 1 });
});
afterEach(() => cleanup());

describe("AddressName", () => {
  it("shows the registered name, with the full address as title and accessible name", async () => {
    renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      apiUrl: server.url,
      analytics: false,
      children: (
        <ul>
          <li>
            <AddressName address={ALICE} />
          </li>
          <li>
            <AddressName address={NOBODY} />
          </li>
        </ul>
      ),
    });
    const alice = await screen.findByRole("group", { name: `alice.fundament, ${ALICE}` });
    expect(alice.textContent).toBe("alice.fundament");
    expect(alice.getAttribute("title")).toBe(ALICE);
    expect(alice.tabIndex).toBe(0);
    const nobody = screen.getByRole("group", { name: NOBODY });
    expect(nobody.textContent).toBe(shortenAddress(NOBODY));
    expect(nobody.getAttribute("title")).toBe(NOBODY);
  });

  it("keyboard focus (and hover) reveal the full address with a copy button; Escape hides it", async () => {
    renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      apiUrl: server.url,
      analytics: false,
      children: <AddressName address={ALICE} />,
    });
    const alice = await screen.findByRole("group", { name: `alice.fundament, ${ALICE}` });
    expect(within(alice).queryByRole("button", { name: "Copy address" })).toBeNull();
    alice.focus();
    expect(await within(alice).findByText(ALICE)).toBeTruthy();
    expect(alice.getAttribute("aria-describedby")).toBeTruthy();
    // Tab moves into the copy button; the full address stays shown.
    await userEvent.tab();
    expect(document.activeElement).toBe(within(alice).getByRole("button", { name: "Copy address" }));
    expect(within(alice).getByText(ALICE)).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(within(alice).queryByText(ALICE)).toBeNull();
    await userEvent.hover(alice);
    expect(within(alice).getByText(ALICE)).toBeTruthy();
    await userEvent.unhover(alice);
    expect(within(alice).queryByText(ALICE)).toBeNull();
  });

  it("a list of 50 of the same address asks the API once", async () => {
    renderWallet({
      rpcUrl: "http://127.0.0.1:9",
      apiUrl: server.url,
      analytics: false,
      children: Array.from({ length: 50 }, (_, i) => <AddressName key={String(i)} address={ALICE} />),
    });
    await waitFor(() => expect(screen.getAllByText("alice.fundament")).toHaveLength(50));
    expect(server.requests.filter((r) => r.startsWith("GET /v1/identity/"))).toEqual([`GET /v1/identity/${ALICE}`]);
  });

  it("without an apiUrl it shows the short address and asks nothing", async () => {
    renderWallet({ rpcUrl: "http://127.0.0.1:9", children: <AddressName address={ALICE} /> });
    const el = screen.getByRole("group", { name: ALICE });
    expect(el.textContent).toBe(shortenAddress(ALICE));
    await fetch(`${server.url}/getAnalyticsConfig`);
    expect(server.requests).toEqual(["GET /getAnalyticsConfig"]);
  });
});
