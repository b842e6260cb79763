// @vitest-environment happy-dom

import { devAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPublicClient, http, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installTestWallet, type TestWalletControl } from "../../testing/installTestWallet.js";
import { type NamesTestServer, startNamesTestServer } from "../../testing/startNamesTestServer.js";
import { renderWallet } from "../testUtils.js";

const ACCOUNT = devAccount(4).address;
const OTHER = devAccount(5).address;
const { rpcUrl } = testChainForFile();
let server: NamesTestServer;
let wallet: TestWalletControl;
beforeAll(async () => {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
  server = await startNamesTestServer({ client });
  wallet = installTestWallet({
    rpcUrl,
    rdns: "org.test.names",
    uuid: "00000000-0000-4000-8000-0000000000c4",
    name: "Names Wallet",
    accountIndex: 4,
  });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server.names.clear();
  server.names.set("alice.fundament", { address: OTHER, coinType: 2147514985, registered: 1 });
});
afterEach(() => cleanup());

/** Connects the test wallet and opens Account → "Choose a name". */
async function openRegister() {
  const rendered = renderWallet({ rpcUrl, devAccounts: false, apiUrl: server.url });
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.click(within(connect).getByRole("button", { name: /Names Wallet/ }));
  const header = await screen.findByRole("button", { name: `Account ${ACCOUNT}` });
  await userEvent.click(header);
  const account = await screen.findByRole("dialog", { name: "Account" });
  await userEvent.click(await within(account).findByRole("button", { name: "Choose a name" }));
  const dialog = await screen.findByRole("dialog", { name: "Choose a Name" });
  return { ...rendered, dialog, input: (await within(dialog).findByLabelText("Choose a name")) as HTMLInputElement };
}

describe("RegisterAccountName", () => {
  it("checks the name as it is typed, and offers suggestions when it is taken", async () => {
    const { dialog, input } = await openRegister();
    expect(within(dialog).getByText(".fundament")).toBeTruthy();
    await userEvent.type(input, "abc");
    expect(within(dialog).getByText("A name needs at least 4 characters.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(input, "_");
    expect(within(dialog).getByText("Use letters, digits and hyphens only.")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "alice");
    expect(await within(dialog).findByText("alice.fundament is taken.")).toBeTruthy();
    const suggestions = within(dialog).getByRole("region", { name: "Suggestions" });
    await userEvent.click(within(suggestions).getByRole("button", { name: "alice1.fundament" }));
    expect(input.value).toBe("alice1");
    expect(await within(dialog).findByText("alice1.fundament is available.")).toBeTruthy();
    expect(server.requests).toContain("GET /v1/profile/suggestions/alice.fundament?zone=fundament");
    // Nothing was registered or signed.
    expect(wallet.requests).not.toContain("personal_sign");
  });

  it("registers: signs one message, shows the success view, and the header shows the name", async () => {
    const { dialog, input } = await openRegister();
    await userEvent.type(input, "Bob-4");
    expect(await within(dialog).findByText("bob-4.fundament is available.")).toBeTruthy();
    const signsBefore = wallet.requests.filter((m) => m === "personal_sign").length;
    await userEvent.click(within(dialog).getByRole("button", { name: "Register" }));
    const success = await screen.findByRole("dialog", { name: "Your Name" });
    expect(await within(success).findByText("bob-4.fundament", { selector: "[role=status]" })).toBeTruthy();
    expect(wallet.requests.filter((m) => m === "personal_sign").length).toBe(signsBefore + 1);
    // The API verified the signature and holds the name for the connected address.
    expect(server.names.get("bob-4.fundament")?.address).toBe(ACCOUNT);
    // The header shows the name at once, its accessible name keeps the address.
    // (Behind the modal dialog, the header is hidden from the accessibility tree: `hidden: true`.)
    const header = await screen.findByRole("button", { name: `Account bob-4.fundament, ${ACCOUNT}`, hidden: true });
    expect(header.textContent).toContain("bob-4.fundament");
    await userEvent.click(within(success).getByRole("button", { name: "Back to Account" }));
    const account = await screen.findByRole("dialog", { name: "Account" });
    expect(within(account).getByText("bob-4.fundament")).toBeTruthy();
    expect(within(account).getByRole("button", { name: "Change name" })).toBeTruthy();
  });

  it("an API failure returns to RegisterAccountName with the API's reason", async () => {
    const { dialog, input, core } = await openRegister();
    await userEvent.type(input, "carol");
    expect(await within(dialog).findByText("carol.fundament is available.")).toBeTruthy();
    server.failNextRegistration(409, "Name carol.fundament is taken");
    await userEvent.click(within(dialog).getByRole("button", { name: "Register" }));
    const again = await screen.findByRole("dialog", { name: "Choose a Name" });
    expect(await within(again).findByText("Name carol.fundament is taken", { selector: "p[role=alert]" })).toBeTruthy();
    expect((within(again).getByLabelText("Choose a name") as HTMLInputElement).value).toBe("carol");
    expect(core.router.getState().history).toEqual(["Account", "RegisterAccountName"]);
    expect(server.names.has("carol.fundament")).toBe(false);
  });

  it("a declined signature returns with 'Signature declined' and posts nothing", async () => {
    const { dialog, input } = await openRegister();
    await userEvent.type(input, "dave");
    expect(await within(dialog).findByText("dave.fundament is available.")).toBeTruthy();
    const posts = server.requests.filter((r) => r.startsWith("POST /v1/profile/account")).length;
    wallet.rejectNext("personal_sign");
    await userEvent.click(within(dialog).getByRole("button", { name: "Register" }));
    const again = await screen.findByRole("dialog", { name: "Choose a Name" });
    expect(await within(again).findByText("Signature declined", { selector: "p[role=alert]" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Signature declined", { selector: ".fw-toast span" })).toBeTruthy());
    expect(server.requests.filter((r) => r.startsWith("POST /v1/profile/account")).length).toBe(posts);
  });

  it("Register with an invalid name says why and does not sign", async () => {
    const { dialog, input } = await openRegister();
    await userEvent.type(input, "ab");
    await userEvent.click(within(dialog).getByRole("button", { name: "Register" }));
    expect(within(dialog).getByText("A name needs at least 4 characters.")).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole("dialog", { name: "Choose a Name" })).toBeTruthy();
  });
});
