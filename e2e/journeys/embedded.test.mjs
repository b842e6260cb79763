// @ts-check
/// <reference lib="dom" />
/**
 * The embedded wallet in real Chromium with no wallet extension (issue 13): email login (the code read from the local
 * SMTP catcher's inbox), the wallet made in the secure frame (its own origin) with the recovery file saved, invest with
 * every signature approved inside the frame, reload and stay connected, sign out; the same email on a second browser
 * profile (device approval by email, then the recovery file: the same address); "Continue with Google" through the
 * local OpenID Connect provider; Farcaster through the local relay; a disallowed RPC method refused by the frame. No
 * request leaves localhost.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { devAccount } from "@fundament/test-chain";
import { createTestClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from "viem";
import { foreignHosts, openPage, screenshot } from "../lib/browser.mjs";
import { useJourney } from "../lib/journey.mjs";

const FRAME = 'iframe[title="Fundament secure wallet"]';
const EMAIL = "alice@example.test";
/** The futures vault. */
const VAULT = 1n;

describe("embedded wallet journey", { timeout: 600_000 }, () => {
  const j = useJourney();
  const downloads = mkdtempSync(join(tmpdir(), "fundament-recovery-"));
  after(() => rmSync(downloads, { recursive: true, force: true }));
  /** The recovery file saved on the first device. */
  let recoveryFile = "";
  /** The embedded wallet's address on the first device. */
  let address = /** @type {`0x${string}`} */ ("0x");
  /** When the first device last asked for a code (the API mails one code per email per 30 s). */
  let lastCodeAt = 0;
  /** Every URL any page of the journey asked for. */
  const requests = /** @type {string[]} */ ([]);

  /** The newest mail to `to` whose subject matches, read from the catcher's JSON inbox. */
  async function mailTo(/** @type {string} */ to, /** @type {RegExp} */ subject, after = 0) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await fetch(`${j.stack.localAuth.inboxUrl}api/messages?to=${encodeURIComponent(to)}`);
      /** @type {{ subject: string, text: string, date: string }[]} */
      const mails = await response.json();
      const mail = mails.find((m) => subject.test(m.subject) && Date.parse(m.date) >= after);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}: ${JSON.stringify(mails)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The 6-digit code of the newest code mail. */
  const codeFor = async (/** @type {string} */ to, since = 0) => {
    const mail = await mailTo(to, /\b\d{6}\b/, since);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    assert.ok(code, `a code in "${mail.subject}"`);
    return code;
  };

  /** Opens the app with no wallet extension; the page's requests (and its popups') are recorded. */
  async function openApp() {
    const tab = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, wallet: false });
    tab.context.on("request", (request) => requests.push(request.url()));
    await tab.page.goto(j.stack.webUrl);
    await tab.page.getByRole("button", { name: "Connect Wallet" }).first().click();
    return tab;
  }

  /** Approves every request the frame shows until `done` resolves (invest: a permit or approval, then the investment). */
  async function approveUntil(
    /** @type {import("playwright-core").Page} */ page,
    /** @type {Promise<unknown>} */ done,
  ) {
    let finished = false;
    done.finally(() => {
      finished = true;
    });
    let approvals = 0;
    while (!finished) {
      const approve = page.frameLocator(FRAME).getByRole("button", { name: "Approve" });
      const shown = await approve
        .waitFor({ state: "visible", timeout: 1_000 })
        .then(() => true)
        .catch(() => false);
      if (shown && !finished) {
        if (approvals === 0) await screenshot(page, "embedded-approve");
        await approve.click();
        approvals += 1;
        await approve.waitFor({ state: "hidden", timeout: 30_000 }).catch(() => undefined);
      }
    }
    await done;
    return approvals;
  }

  /** Saves the recovery file the frame offers after a new wallet was made, then "I saved it". */
  async function saveRecovery(/** @type {import("playwright-core").Page} */ page, /** @type {string} */ name) {
    const frame = page.frameLocator(FRAME);
    await frame.getByRole("heading", { name: "Save your recovery file" }).waitFor({ timeout: 30_000 });
    await screenshot(page, `embedded-recovery-${name}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      frame.getByRole("button", { name: "Download recovery file" }).click(),
    ]);
    const file = join(downloads, `${name}.json`);
    await download.saveAs(file);
    await frame.getByRole("button", { name: "I saved it" }).click();
    return file;
  }

  /** The connected account's address from the header's Account button. */
  async function connectedAddress(/** @type {import("playwright-core").Page} */ page) {
    const button = page.getByRole("button", { name: /^Account 0x/ });
    await button.waitFor({ timeout: 30_000 }).catch(async (error) => {
      throw new Error(
        `${error.message}\nThe dialog says: ${await page
          .getByRole("dialog")
          .textContent()
          .catch(() => "(none)")}`,
      );
    });
    await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Account" });
    const full = await dialog
      .getByTitle(/^0x[0-9a-fA-F]{40}$/)
      .first()
      .getAttribute("title");
    await page.keyboard.press("Escape");
    assert.ok(full, "the Account view names the address");
    return /** @type {`0x${string}`} */ (full);
  }

  test("email: code from the inbox, wallet made in the frame, invest through its approvals, reload, sign out", async () => {
    const { page, context } = await openApp();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Email" }).waitFor();
    await screenshot(page, "embedded-connect");
    await dialog.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await dialog.getByRole("button", { name: "Continue with email" }).click();
    await dialog.getByText("Invalid email").waitFor();
    const since = Date.now() - 1_000;
    await dialog.getByRole("textbox", { name: "Email" }).fill(EMAIL);
    lastCodeAt = Date.now();
    await dialog.getByRole("button", { name: "Continue with email" }).click();
    await dialog.getByLabel("Code").waitFor({ timeout: 30_000 });
    await screenshot(page, "embedded-email-code");
    // A wrong code first: said plainly, nothing lost.
    await dialog.getByLabel("Code").fill("000000");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByText(/Invalid code|expired|Too many/).waitFor({ timeout: 15_000 });
    await dialog.getByLabel("Code").fill(await codeFor(EMAIL, since));
    await dialog.getByRole("button", { name: "Continue" }).click();
    recoveryFile = await saveRecovery(page, "first-device");
    address = await connectedAddress(page);

    // Not whitelisted yet: the vault page says so up front and the newcomer requests access, signing in the frame
    // (issue 32). The request is checked and stored by the API; the admin sees it beside the whitelist.
    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    await page.getByRole("button", { name: "Request access" }).click();
    await page.getByLabel("Note to the admin (optional)").fill("Invited by email.");
    await page.getByRole("button", { name: "Sign and send request" }).click();
    // The frame says what the signature does, not a raw text: "… asks you to request access to the … whitelist".
    await page
      .frameLocator(FRAME)
      .getByRole("heading", { name: /asks you to request access/i })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, "embedded-approve-request-access");
    await page.frameLocator(FRAME).getByRole("button", { name: "Approve" }).click();
    await page.getByText(/^Access requested on /).waitFor({ timeout: 30_000 });
    const requested = await (await fetch(`${j.stack.apiUrl}/v1/access-requests/${address}`)).json();
    assert.equal(String(requested?.request?.status), "pending", JSON.stringify(requested));

    // The fund whitelists the new investor, who gets ETH for gas and mUSDC (as an admin and a purchase would).
    await createTestClient({ mode: "anvil", transport: http(j.stack.rpcUrl) }).setBalance({
      address,
      value: parseEther("1"),
    });
    await j.chain.sendFund(0, "whitelistInvestor", [address]);
    const admin = createWalletClient({
      account: devAccount(0).address,
      chain: j.chain.publicClient.chain,
      transport: http(j.stack.rpcUrl),
    });
    const minted = await admin.writeContract({
      address: /** @type {`0x${string}`} */ (j.stack.deployment.investmentToken),
      abi: mintAbi,
      functionName: "mint",
      args: [address, parseUnits("500", 6)],
    });
    await j.chain.publicClient.waitForTransactionReceipt({ hash: minted });

    // Invest 100 mUSDC: every signature is approved inside the frame, never by the app.
    await page.goto(`${j.stack.webUrl}/vaults/futures-trading-vault`);
    const widget = page.getByRole("region", { name: "Invest" });
    await widget.getByText(/^Balance: 500(\.00)? mUSDC$/).waitFor({ timeout: 30_000 });
    await widget.getByLabel(/Amount/).fill("100");
    await widget.getByRole("button", { name: /invest/i }).click();
    const invested = widget.getByText("Investment confirmed.").waitFor({ timeout: 120_000 });
    const approvals = await approveUntil(page, invested);
    assert.ok(approvals >= 1, "the frame asked for approval");
    const position = await j.chain.readFund("getPosition", [address, VAULT]);
    assert.equal(position.principal, parseUnits("100", 6));
    const balance = await j.chain.publicClient.readContract({
      address: /** @type {`0x${string}`} */ (j.stack.deployment.investmentToken),
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address],
    });
    assert.equal(balance, parseUnits("400", 6));

    // A reload keeps the connection (the frame reopens the wallet from its device share and the API's auth share).
    await page.reload();
    assert.equal(await connectedAddress(page), address);

    // The Account view of an embedded user: the email, its updates, the recovery file, the signed-in devices.
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    await page.getByRole("dialog", { name: "Account" }).getByText("This device").waitFor({ timeout: 15_000 });
    await screenshot(page, "embedded-account");

    // One login (issue 32): the email login is the sign-in; the Account view asks for no second "Sign in".
    assert.equal(
      await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Sign in" }).count(),
      0,
    );
    await page.keyboard.press("Escape");

    // A disallowed method is refused by the frame itself: 'Requested RPC call is not allowed'.
    const refusal = await page.evaluate(async (frameOrigin) => {
      const iframe = /** @type {HTMLIFrameElement | null} */ (
        document.querySelector('iframe[title="Fundament secure wallet"]')
      );
      if (!iframe?.contentWindow) return "no frame";
      const id = "e2e-disallowed";
      return await new Promise((resolve) => {
        window.addEventListener("message", (event) => {
          if (event.origin === frameOrigin && event.data?.id === id) resolve(event.data);
        });
        iframe.contentWindow?.postMessage(
          { type: "@w3m-app/RPC_REQUEST", id, payload: { method: "eth_sign", params: [], chainId: 31337 } },
          frameOrigin,
        );
        setTimeout(() => resolve("no answer"), 10_000);
      });
    }, new URL(j.stack.frameUrl).origin);
    assert.deepEqual(refusal, {
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      id: "e2e-disallowed",
      payload: { message: "Requested RPC call is not allowed", code: 4200 },
    });

    // Sign out: the Account view's Disconnect; a reload stays signed out.
    await page.getByRole("button", { name: /^Account 0x/ }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("button", { name: "Connect Wallet" }).first().waitFor({ timeout: 15_000 });
    await page.reload();
    await page.getByRole("button", { name: "Connect Wallet" }).first().waitFor({ timeout: 15_000 });
    await context.close();
  });

  test("a second browser profile: the device approved by email, the recovery file, the same address", async () => {
    assert.ok(recoveryFile, "the first test saved a recovery file");
    // The API mails at most one code per email per 30 s ('Please try again after {n} seconds'): the second device
    // asks for its code after that.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastCodeAt + 31_000 - Date.now())));
    const { page, context } = await openApp();
    const dialog = page.getByRole("dialog");
    const since = Date.now() - 1_000;
    await dialog.getByRole("textbox", { name: "Email" }).fill(EMAIL);
    await dialog.getByRole("button", { name: "Continue with email" }).click();
    await dialog.getByText(/Approve this device/).waitFor({ timeout: 30_000 });
    await screenshot(page, "embedded-verify-device");
    const mail = await mailTo(EMAIL, /device/i, since);
    const link = /(http:\/\/\S+\/v1\/embedded\/device\/approve\?token=[\w-]+)/.exec(mail.text)?.[1];
    assert.ok(link, `an approval link in: ${mail.text}`);
    const approvalPage = await context.newPage();
    await approvalPage.goto(link);
    // Opening the link only asks (a mail scanner approves nothing); the button approves.
    await approvalPage.getByRole("button", { name: "Approve this device" }).click();
    await approvalPage.getByText("This device is approved. Go back to the app to continue.").waitFor();
    await approvalPage.close();
    await dialog
      .getByLabel("Code")
      .waitFor({ timeout: 30_000 })
      .catch(async (error) => {
        throw new Error(`${error.message}\nThe dialog says: ${await dialog.textContent().catch(() => "(none)")}`);
      });
    await dialog.getByLabel("Code").fill(await codeFor(EMAIL, since));
    await dialog.getByRole("button", { name: "Continue" }).click();
    const frame = page.frameLocator(FRAME);
    await frame.getByRole("heading", { name: "Restore your wallet on this device" }).waitFor({ timeout: 30_000 });
    await frame.getByLabel("Recovery file").setInputFiles(recoveryFile);
    await frame.getByRole("button", { name: "Restore" }).click();
    assert.equal(await connectedAddress(page), address);
    await context.close();
  });

  test("Continue with Google through the local OpenID Connect provider", async () => {
    const { page, context } = await openApp();
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("dialog").getByRole("button", { name: "Continue with Google" }).click(),
    ]);
    await popup.getByLabel("Email").waitFor({ timeout: 30_000 });
    await popup.getByLabel("Email").fill("bob@example.test");
    await popup.getByLabel("Name").fill("Bob");
    await popup.getByRole("button", { name: "Sign in" }).click();
    await saveRecovery(page, "google");
    const bob = await connectedAddress(page);
    assert.notEqual(bob.toLowerCase(), address.toLowerCase());
    await context.close();
  });

  test("Farcaster through the local relay: QR code, approval in the Farcaster app, connected", async () => {
    const { page, context } = await openApp();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Continue with Farcaster" }).click();
    const open = dialog.getByRole("link", { name: "Open in Farcaster" });
    await open.waitFor({ timeout: 30_000 });
    await dialog.getByRole("img", { name: "Farcaster sign-in QR code" }).waitFor();
    await screenshot(page, "embedded-farcaster");
    const url = await open.getAttribute("href");
    assert.ok(url?.startsWith(/** @type {string} */ (j.stack.localAuth.farcasterRelayUrl)), `relay link ${url}`);
    const farcasterApp = await context.newPage();
    await farcasterApp.goto(/** @type {string} */ (url));
    await farcasterApp.getByRole("button", { name: /Approve/ }).click();
    await saveRecovery(page, "farcaster");
    await connectedAddress(page);
    await context.close();
    assert.deepEqual(foreignHosts(requests), [], "no request left localhost");
  });
});

/** MockUSDC's open mint. */
const mintAbi = /** @type {const} */ ([
  {
    type: "function",
    name: "mint",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
]);
