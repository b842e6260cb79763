// @vitest-environment happy-dom

import { devAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPublicClient, http, type PublicClient, parseEther } from "viem";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import type { SendState } from "../../features/send/createSendStore.js";
import { type NamesTestServer, startNamesTestServer } from "../../testing/startNamesTestServer.js";
import { renderWallet } from "../testUtils.js";
import { receiverNameNotSupported } from "./SendView.js";

const ALICE = devAccount(6).address;
const { rpcUrl } = testChainForFile();
let server: NamesTestServer;
let client: PublicClient;
beforeAll(async () => {
  client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
  server = await startNamesTestServer({ client });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server.names.clear();
  // alice.fundament holds account 6 on the anvil chain (coin type 0x80000000 | 31337).
  server.names.set("alice.fundament", { address: ALICE, coinType: 2147514985, registered: 1 });
});
afterEach(() => cleanup());

async function openSend() {
  const rendered = renderWallet({ rpcUrl, apiUrl: server.url });
  const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await act(() => connect(rendered.wagmiConfig, { connector }));
  act(() => rendered.core.open({ view: "Send" }));
  const dialog = await screen.findByRole("dialog", { name: "Send" });
  await waitFor(() => expect((within(dialog).getByLabelText("Token") as HTMLSelectElement).textContent).toMatch(/ETH/));
  return { ...rendered, dialog };
}

describe("Send to a name", () => {
  it("resolves alice.fundament, shows the address under the field and sends to it", async () => {
    const { dialog, runtime } = await openSend();
    const states: SendState[] = [];
    runtime.send.subscribe((s) => void states.push(s));
    const before = await client.getBalance({ address: ALICE });
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1.25");
    await userEvent.type(within(dialog).getByLabelText("To"), "Alice.fundament");
    const resolved = await within(dialog).findByTestId("send-receiver-name");
    await waitFor(() => expect(resolved.textContent).toBe(`alice.fundament → ${ALICE.slice(0, 6)}…${ALICE.slice(-4)}`));
    expect(within(resolved).getByTitle(ALICE)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Transaction started")).toBeTruthy();
    await waitFor(async () => expect((await client.getBalance({ address: ALICE })) - before).toBe(parseEther("1.25")));
    // The send state named the receiver (spec: receiverProfileName) and held the resolved address.
    const sent = states.find((s) => s.receiverProfileName);
    expect(sent?.receiverProfileName).toBe("alice.fundament");
    expect(sent?.receiverAddress).toBe(ALICE);
    expect(server.requests).toContain("GET /v1/profile/account/alice.fundament?apiVersion=2");
  });

  it("a name that does not resolve shows the API's reason and sends nothing", async () => {
    const { dialog, core } = await openSend();
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1");
    const to = within(dialog).getByLabelText("To");
    await userEvent.type(to, "nobody.fundament");
    expect(await within(dialog).findByText("Name nobody.fundament is not registered")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(
      await within(dialog).findByText("Name nobody.fundament is not registered", { selector: "p[role=alert]" }),
    ).toBeTruthy();
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(core.bus.history().map((e) => e.event)).not.toContain("SEND_INITIATED");
  });

  it("a name outside the app's zone (an ENS name) says only the zone's names can be used", async () => {
    const { dialog } = await openSend();
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1");
    await userEvent.type(within(dialog).getByLabelText("To"), "vitalik.eth");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(receiverNameNotSupported("fundament"));
  });
});
