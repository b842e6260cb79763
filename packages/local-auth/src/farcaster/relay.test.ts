/**
 * The local Farcaster relay against `@farcaster/auth-client`'s own client functions (the app side: createChannel,
 * status, verifySignInMessage; the wallet side: authenticate), with the IdRegistry stand-in on a real anvil.
 */
import { authenticate, createAppClient, createWalletClient, viemConnector } from "@farcaster/auth-client";
import { ensureArtifacts } from "@fundament/scripts/lib/foundry";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { createPublicClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FarcasterRelay,
  ID_REGISTRY_ADDRESS,
  installIdRegistry,
  LOCAL_CUSTODY_PRIVATE_KEY,
  LOCAL_FARCASTER_ACCOUNT,
  mockIdRegistryAbi,
  startFarcasterRelay,
} from "./index.js";

const DOMAIN = "app.example.test";
const SIWE_URI = "https://app.example.test/login";

const { rpcUrl } = testChainForFile();
let relay: FarcasterRelay;

beforeAll(async () => {
  await ensureArtifacts([["MockIdRegistry.sol", "MockIdRegistry"]]);
  relay = await startFarcasterRelay({ rpcUrl, port: 0 });
}, 120_000);

afterAll(async () => {
  await relay?.close();
});

const appClient = () => createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) });

/** Opens the channel's "Farcaster app" page and presses one of its buttons, as a person would. */
async function press(url: string, action: "approve" | "cancel"): Promise<Response> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const channelToken = /name="channelToken" value="([^"]+)"/.exec(html)?.[1];
  expect(channelToken).toBeDefined();
  expect(html).toContain(`<button type="submit" name="action" value="${action}">`);
  return fetch(new URL("/~/siwf", url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ channelToken: channelToken ?? "", action }),
  });
}

describe("the IdRegistry stand-in", () => {
  it("puts MockIdRegistry at the real registry's address and registers the custody's fid", async () => {
    const chain = createPublicClient({ transport: http(rpcUrl) });
    const code = await chain.getCode({ address: ID_REGISTRY_ADDRESS });
    expect(code?.length ?? 0).toBeGreaterThan(2);
    // auth-client's own connector reads it.
    const fid = await viemConnector({ rpcUrl }).getFid(relay.custody);
    expect(fid).toBe(BigInt(LOCAL_FARCASTER_ACCOUNT.fid));
    expect(relay.custody).toBe(privateKeyToAccount(LOCAL_CUSTODY_PRIVATE_KEY).address);
    const custody = await chain.readContract({
      address: ID_REGISTRY_ADDRESS,
      abi: mockIdRegistryAbi,
      functionName: "custodyOf",
      args: [1n],
    });
    expect(custody).toBe(relay.custody);
  });

  it("is idempotent and refuses a fid that belongs to someone else", async () => {
    const again = await installIdRegistry({ rpcUrl, fid: 1, custody: LOCAL_CUSTODY_PRIVATE_KEY });
    expect(again).toMatchObject({ codeInstalled: false, registered: false, custody: relay.custody });
    await expect(installIdRegistry({ rpcUrl, fid: 1, custody: generatePrivateKey() })).rejects.toThrow(
      `fid 1 already belongs to ${relay.custody}`,
    );
    const other = generatePrivateKey();
    const second = await installIdRegistry({ rpcUrl, fid: 2, custody: other });
    expect(second).toMatchObject({ codeInstalled: false, registered: true, fid: 2 });
    expect(await viemConnector({ rpcUrl }).getFid(privateKeyToAccount(other).address)).toBe(2n);
  });
});

describe("the relay's HTTP API, through auth-client", () => {
  it("creates a channel with the app's nonce, pending until the Farcaster app approves", async () => {
    const client = appClient();
    const created = await client.createChannel({ siweUri: SIWE_URI, domain: DOMAIN, nonce: "abcdef12345678" });
    expect(created.isError).toBe(false);
    if (created.isError) return;
    expect(created.response.status).toBe(201);
    expect(created.data.nonce).toBe("abcdef12345678");
    expect(created.data.url.startsWith(`${relay.url}/~/siwf?channelToken=`)).toBe(true);

    const pending = await client.status({ channelToken: created.data.channelToken });
    expect(pending.isError).toBe(false);
    if (pending.isError) return;
    expect(pending.response.status).toBe(202);
    expect(pending.data).toMatchObject({
      state: "pending",
      nonce: "abcdef12345678",
      acceptAuthAddress: false,
      signatureParams: { siweUri: SIWE_URI, domain: DOMAIN, nonce: "abcdef12345678" },
    });
  });

  it("generates a nonce when the app gives none", async () => {
    const created = await appClient().createChannel({ siweUri: SIWE_URI, domain: DOMAIN });
    if (created.isError) throw created.error;
    expect(created.data.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
  });

  it("shows the Farcaster app page and, on Approve, completes the channel with a message auth-client verifies", async () => {
    const client = appClient();
    const expirationTime = new Date(Date.now() + 10 * 60_000).toISOString();
    const created = await client.createChannel({
      siweUri: SIWE_URI,
      domain: DOMAIN,
      nonce: "n0nce1234567890",
      expirationTime,
      acceptAuthAddress: false,
    });
    if (created.isError) throw created.error;

    const page = await fetch(created.data.url);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(`Sign in to ${DOMAIN} as @alice (fid 1)?`);
    expect(html).toContain(">Approve</button>");
    expect(html).toContain(">Cancel</button>");

    const approved = await press(created.data.url, "approve");
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain(`Signed in to ${DOMAIN}`);

    const done = await client.status({ channelToken: created.data.channelToken });
    if (done.isError) throw done.error;
    expect(done.response.status).toBe(200);
    const { data } = done;
    expect(data).toMatchObject({
      state: "completed",
      nonce: "n0nce1234567890",
      fid: 1,
      username: "alice",
      displayName: "Alice",
      custody: relay.custody,
      authMethod: "custody",
    });
    expect(data.message).toContain(`${DOMAIN} wants you to sign in with your Ethereum account:\n${relay.custody}`);
    expect(data.message).toContain("farcaster://fid/1");
    expect(data.message).toContain(`Expiration Time: ${expirationTime}`);

    const verified = await client.verifySignInMessage({
      nonce: "n0nce1234567890",
      domain: DOMAIN,
      message: data.message ?? "",
      signature: data.signature ?? "0x",
      acceptAuthAddress: false,
    });
    expect(verified.isError).toBe(false);
    if (verified.isError) return;
    expect(verified).toMatchObject({ success: true, fid: 1, authMethod: "custody" });

    // As the real relay, a completed channel is answered once and then closed.
    const again = await client.status({ channelToken: created.data.channelToken });
    if (again.isError) throw again.error;
    expect(again.response.status).toBe(401);
    expect(again.data).toEqual({ error: "Unauthorized" });
  });

  it("closes the channel on Cancel", async () => {
    const client = appClient();
    const created = await client.createChannel({ siweUri: SIWE_URI, domain: DOMAIN });
    if (created.isError) throw created.error;
    const cancelled = await press(created.data.url, "cancel");
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Sign-in cancelled");
    const status = await client.status({ channelToken: created.data.channelToken });
    if (status.isError) throw status.error;
    expect(status.response.status).toBe(401);
    expect((await fetch(created.data.url)).status).toBe(404);
  });

  it("refuses a button press posted from another site", async () => {
    const created = await appClient().createChannel({ siweUri: SIWE_URI, domain: DOMAIN });
    if (created.isError) throw created.error;
    const forged = await fetch(`${relay.url}/~/siwf`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ channelToken: created.data.channelToken, action: "approve" }),
    });
    expect(forged.status).toBe(403);
    const status = await appClient().status({ channelToken: created.data.channelToken });
    if (status.isError) throw status.error;
    expect(status.response.status).toBe(202);
  });

  it("accepts /v1/channel/authenticate only with the relay key and a channel token", async () => {
    const client = appClient();
    const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) });
    const created = await client.createChannel({ siweUri: SIWE_URI, domain: DOMAIN, nonce: "keytest12345" });
    if (created.isError) throw created.error;
    const signer = privateKeyToAccount(generatePrivateKey());
    const built = wallet.buildSignInMessage({
      address: signer.address,
      fid: 5,
      domain: DOMAIN,
      uri: SIWE_URI,
      nonce: "keytest12345",
    });
    if (built.isError) throw built.error;
    const signature = await signer.signMessage({ message: built.message });
    const request = { message: built.message, signature, fid: 5, username: "mallory" };

    const wrongKey = await authenticate(wallet, { ...request, channelToken: created.data.channelToken, authKey: "x" });
    if (wrongKey.isError) throw wrongKey.error;
    expect(wrongKey.response.status).toBe(401);
    const unknownChannel = await authenticate(wallet, { ...request, channelToken: "nope", authKey: relay.authKey });
    if (unknownChannel.isError) throw unknownChannel.error;
    expect(unknownChannel.response.status).toBe(401);

    // The relay relays: it does not judge the signature (the app must verify it), and fid 5 has no custody here.
    const accepted = await wallet.authenticate({
      ...request,
      channelToken: created.data.channelToken,
      authKey: relay.authKey,
    });
    if (accepted.isError) throw accepted.error;
    expect(accepted.response.status).toBe(201);
    expect(accepted.data).toMatchObject({ state: "completed", fid: 5, username: "mallory" });
    expect(accepted.data.custody).toBeUndefined();
  });

  it("answers the real relay's validation errors", async () => {
    const missing = await fetch(`${relay.url}/v1/channel`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ siweUri: SIWE_URI }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "Validation error",
      message: "body must have required property 'domain'",
    });
    const extra = await fetch(`${relay.url}/v1/channel`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ siweUri: SIWE_URI, domain: "bad domain!" }),
    });
    expect(extra.status).toBe(400);
    const created = await appClient().createChannel({ siweUri: SIWE_URI, domain: DOMAIN });
    if (created.isError) throw created.error;
    const badSignature = await fetch(`${relay.url}/v1/channel/authenticate`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${created.data.channelToken}`,
        "x-farcaster-auth-relay-key": relay.authKey,
      },
      body: JSON.stringify({ message: "hi", signature: "0x12", fid: 1 }),
    });
    expect(badSignature.status).toBe(400);
    const noToken = await fetch(`${relay.url}/v1/channel/status`);
    expect(noToken.status).toBe(401);
  });
});
