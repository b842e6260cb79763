import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createWalletCore } from "../../core/createWalletCore.js";
import { toCaipNetwork } from "../../core/network.js";
import { createCookieFetch, type SiwxTestServer, startSiwxTestServer } from "../../testing/startSiwxTestServer.js";
import { createApiSiwxAdapter } from "./createApiSiwxAdapter.js";
import { createSiwxController } from "./createSiwxController.js";
import { DEFAULT_SIWX_REASON, SIWX_UNAVAILABLE } from "./siwxTexts.js";

const account = devLocalAccount(1);
const domain = "fund.localhost:5173";
const { rpcUrl } = testChainForFile();
let server: SiwxTestServer;

beforeAll(async () => {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
  server = await startSiwxTestServer({ client, domain });
});
afterAll(async () => {
  await server?.stop();
});

type TestStorage = Pick<Storage, "getItem" | "setItem">;

function setup(
  p: {
    required?: boolean;
    askOnConnect?: boolean;
    reason?: string;
    sign?: (message: string) => Promise<`0x${string}`>;
    baseUrl?: string;
    storage?: TestStorage;
  } = {},
) {
  const core = createWalletCore({ networks: [toCaipNetwork(foundry)], isMobile: () => false });
  core.state.setConnected("eip155", account.address);
  const adapter = createApiSiwxAdapter({ baseUrl: p.baseUrl ?? server.url, fetch: createCookieFetch() });
  const disconnect = vi.fn(async () => core.state.resetAccount("eip155"));
  const statuses: (string | undefined)[] = [];
  const siwx = createSiwxController({
    core,
    adapter,
    required: p.required,
    askOnConnect: p.askOnConnect,
    reason: p.reason,
    domain,
    uri: `http://${domain}`,
    statement: "Sign in to Fundament",
    signMessage: p.sign ?? ((message) => account.signMessage({ message })),
    disconnect,
    storage: p.storage,
  });
  siwx.subscribe((s) => statuses.push(s.message));
  const toasts = () => core.toasts.getState().toasts.map((t) => `${t.variant}:${t.message}`);
  return { core, siwx, adapter, disconnect, statuses, toasts };
}

describe("SIWX flow against the API routes", () => {
  it("no session on connect opens the sign-message view; signing stores the session and closes", async () => {
    const { core, siwx, adapter, statuses } = setup();
    await siwx.onConnected();
    expect(core.modal.getState().open).toBe(true);
    expect(core.router.getState().view).toBe("SIWXSignMessage");

    const session = await siwx.signIn();
    expect(statuses).toContain("Authenticating...");
    expect(session).toEqual({ address: account.address, chainId: 31337 });
    expect(siwx.getState().status).toBe("success");
    expect(core.modal.getState().open).toBe(false);
    expect(await adapter.getSession()).toEqual(session);
    expect(core.bus.history().map((e) => e.event)).toContain("SIWX_AUTH_SUCCESS");

    // A later connect with that session does not ask again.
    core.close();
    await siwx.onConnected();
    expect(core.modal.getState().open).toBe(false);

    await siwx.signOut();
    expect(await adapter.getSession()).toBeNull();
  });

  it("a decline shows 'Signature declined' and reopens the view", async () => {
    const { core, siwx, adapter, toasts } = setup({
      sign: async () => {
        throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      },
    });
    await siwx.onConnected();
    core.router.push("Networks");
    const session = await siwx.signIn();
    expect(session).toBeUndefined();
    expect(siwx.getState()).toMatchObject({ status: "error", message: "Signature declined" });
    expect(toasts()).toEqual(["error:Signature declined"]);
    expect(core.router.getState().history).toEqual(["SIWXSignMessage"]);
    expect(core.modal.getState().open).toBe(true);
    expect(await adapter.getSession()).toBeNull();
  });

  it("a smart account decline says 'This application might not support Smart Accounts'", async () => {
    const { core, siwx } = setup({
      sign: async () => {
        throw Object.assign(new Error("rejected"), { code: 4001 });
      },
    });
    core.state.setAccount("eip155", { preferredAccountType: "smartAccount" });
    await siwx.signIn();
    expect(siwx.getState().message).toBe("This application might not support Smart Accounts");
  });

  it("a message signed by another key is refused by the API (401) and nothing is stored", async () => {
    const other = devLocalAccount(2);
    const { siwx, adapter, toasts } = setup({ sign: (message) => other.signMessage({ message }) });
    await siwx.signIn();
    expect(siwx.getState()).toMatchObject({ status: "error", message: "Invalid signature" });
    expect(toasts()).toEqual(["error:Invalid signature"]);
    expect(await adapter.getSession()).toBeNull();
  });

  it("a nonce is single-use", async () => {
    const adapter = createApiSiwxAdapter({ baseUrl: server.url, fetch: createCookieFetch() });
    const { createSiweMessage } = await import("viem/siwe");
    const nonce = await adapter.getNonce();
    const message = createSiweMessage({
      domain,
      uri: `http://${domain}`,
      address: account.address,
      chainId: 31337,
      nonce,
      version: "1",
    });
    const signature = await account.signMessage({ message });
    await adapter.verify({ message, signature });
    await expect(adapter.verify({ message, signature })).rejects.toMatchObject({
      status: 401,
      shortMessage: "Invalid nonce",
    });
  });

  it("cancel closes when sign-in is optional, disconnects when required", async () => {
    const optional = setup();
    await optional.siwx.onConnected();
    await optional.siwx.cancel();
    expect(optional.core.modal.getState().open).toBe(false);
    expect(optional.disconnect).not.toHaveBeenCalled();
    expect(optional.core.state.isConnected()).toBe(true);

    const required = setup({ required: true });
    await required.siwx.onConnected();
    await required.siwx.cancel();
    expect(required.disconnect).toHaveBeenCalledTimes(1);
    expect(required.core.state.isConnected()).toBe(false);
    expect(required.core.modal.getState().open).toBe(false);
  });

  it("a cancelled optional sign-in is not asked again when the connection is restored in the same session", async () => {
    const map = new Map<string, string>();
    const storage: TestStorage = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
    const first = setup({ storage });
    await first.siwx.onConnected();
    expect(first.core.router.getState().view).toBe("SIWXSignMessage");
    await first.siwx.cancel();
    // A reload restores the connection: no prompt for this account.
    const reload = setup({ storage });
    await reload.siwx.onConnected({ restored: true });
    expect(reload.core.modal.getState().open).toBe(false);
    // Connecting again on purpose asks again, and signing in clears the memory.
    await reload.siwx.onConnected();
    expect(reload.core.modal.getState().open).toBe(true);
    await reload.siwx.signIn();
    const after = setup({ storage });
    await after.siwx.signOut();
    await after.siwx.onConnected({ restored: true });
    expect(after.core.modal.getState().open).toBe(true);
    // A required sign-in is always asked.
    map.clear();
    const required = setup({ required: true, storage });
    await required.siwx.onConnected();
    await required.siwx.cancel();
    required.core.state.setConnected("eip155", account.address);
    await required.siwx.onConnected({ restored: true });
    expect(required.core.modal.getState().open).toBe(true);
  });

  it("an unreachable API gives the initialisation error once, back on the prompt (no spinner)", async () => {
    const { core, siwx, toasts } = setup({ baseUrl: "http://127.0.0.1:9" });
    core.open({ view: "SIWXSignMessage" });
    core.router.push("ConnectingSiwe");
    await siwx.signIn();
    expect(siwx.getState()).toMatchObject({
      status: "error",
      message: "A problem occurred while trying initialize authentication",
    });
    expect(core.router.getState().view).toBe("SIWXSignMessage");
    // A second try fails the same way, without a second toast.
    await siwx.signIn();
    expect(siwx.getState().status).toBe("error");
    expect(toasts()).toEqual(["error:A problem occurred while trying initialize authentication"]);
  });

  it("with the API down, a connect says once that sign-in is unavailable and opens no prompt", async () => {
    const { core, siwx, toasts } = setup({ baseUrl: "http://127.0.0.1:9" });
    await siwx.onConnected();
    await siwx.onConnected({ restored: true });
    expect(core.modal.getState().open).toBe(false);
    expect(siwx.getState()).toMatchObject({ status: "error", message: SIWX_UNAVAILABLE });
    expect(toasts()).toEqual([`error:${SIWX_UNAVAILABLE}`]);
    expect(await siwx.request("Your history needs it.")).toBe(false);
    expect(core.modal.getState().open).toBe(false);
    expect(toasts()).toHaveLength(1);
  });

  it("says why it asks; with askOnConnect false it asks only when a feature requests the session", async () => {
    const { core, siwx } = setup({ askOnConnect: false, reason: "It unlocks your exchange data." });
    expect(siwx.reason).toBe("It unlocks your exchange data.");
    await siwx.onConnected();
    expect(core.modal.getState().open).toBe(false);
    expect(await siwx.request("Your account history needs a session.")).toBe(false);
    expect(core.router.getState().view).toBe("SIWXSignMessage");
    expect(siwx.reason).toBe("Your account history needs a session.");
    await siwx.signIn();
    expect(await siwx.request("Your account history needs a session.")).toBe(true);
    await siwx.signOut();
    expect(setup().siwx.reason).toBe(DEFAULT_SIWX_REASON);
  });

  it("requires an adapter and an active address", async () => {
    const { core } = setup();
    const noAdapter = createSiwxController({ core, adapter: undefined, signMessage: vi.fn(), disconnect: vi.fn() });
    await expect(noAdapter.signIn()).rejects.toThrow("SIWX is not enabled");
    core.state.resetAccount("eip155");
    const noAddress = createSiwxController({
      core,
      adapter: createApiSiwxAdapter({ baseUrl: server.url }),
      signMessage: vi.fn(),
      disconnect: vi.fn(),
    });
    await expect(noAddress.signIn()).rejects.toThrow("No ActiveCaipAddress found");
  });
});
