// @ts-check
/**
 * Fresh screenshots of every page from one local stack (the seeded demo, as `npm start` shows it): desktop
 * (1280×800) and phone (390×844), light and dark, as docs/screenshots/<page>-<desktop|phone>-<light|dark>.png. An
 * investor (dev account 1) for the investor's pages, the admin (dev account 0) for Admin. Each page must fit the
 * screen's width and throw nothing.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openPage, screenshot } from "../lib/browser.mjs";
import { connectAndSignIn } from "../lib/connect.mjs";
import { useJourney } from "../lib/journey.mjs";

const SCREENS = /** @type {const} */ ([
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]);
const SCHEMES = /** @type {const} */ (["light", "dark"]);

/** @typedef {{ name: string, path: string, heading: RegExp }} Shot */

/** @type {Shot[]} */
const INVESTOR_PAGES = [
  { name: "vaults", path: "/", heading: /^Vaults$/ },
  { name: "vault", path: "/vaults/futures-trading-vault", heading: /Crypto futures trading vault/i },
  { name: "portfolio", path: "/portfolio", heading: /^Portfolio$/ },
  { name: "governance", path: "/governance", heading: /^Governance$/ },
  { name: "performance", path: "/performance", heading: /^Performance$/ },
  { name: "history", path: "/history", heading: /^History$/ },
];
/** @type {Shot[]} */
const ADMIN_PAGES = [{ name: "admin", path: "/admin", heading: /^Admin$/ }];

describe("screenshots of every page, desktop and phone, light and dark", { timeout: 600_000 }, () => {
  const j = useJourney();

  /**
   * @param {number} accountIndex
   * @param {Shot[]} shots
   */
  async function shoot(accountIndex, shots) {
    const { page, errors, context } = await openPage(j.browser, { rpcUrl: j.stack.rpcUrl, accountIndex });
    await connectAndSignIn(page, `${j.stack.webUrl}${shots[0]?.path ?? "/"}`);
    for (const [screen, viewport] of SCREENS) {
      await page.setViewportSize(viewport);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const shot of shots) {
          await page.goto(`${j.stack.webUrl}${shot.path}`);
          await page.getByRole("heading", { level: 1, name: shot.heading }).waitFor({ timeout: 20_000 });
          await page.waitForLoadState("networkidle");
          // Loaded: no skeleton or busy region left (data from the chain and the API).
          await page.waitForFunction(() => !document.querySelector(".skeleton, [aria-busy='true']"), null, {
            timeout: 20_000,
          });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${shot.path} on a ${screen} is ${overflow}px wider than the screen`);
          await screenshot(page, `${shot.name}-${screen}-${scheme}`);
        }
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  }

  test("the investor's pages (dev account 1)", async () => {
    await shoot(1, INVESTOR_PAGES);
  });

  test("the admin's page (dev account 0)", async () => {
    await shoot(0, ADMIN_PAGES);
  });
});
