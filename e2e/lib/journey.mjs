// @ts-check
/**
 * What every journey starts with, registered as the suite's `before` / `after` hooks: the whole local stack on
 * free ports, chain tools on its anvil, and Chromium. Call it inside `describe`; the fields are set once `before`
 * has run.
 */
import { after, before } from "node:test";
import { launchBrowser } from "./browser.mjs";
import { chainTools } from "./chain.mjs";
import { startTestStack } from "./stack.mjs";

/**
 * @typedef {object} Journey
 * @property {Awaited<ReturnType<typeof startTestStack>>} stack
 * @property {Awaited<ReturnType<typeof chainTools>>} chain
 * @property {import("playwright-core").Browser} browser
 */

/** @returns {Journey} */
export function useJourney() {
  const journey = /** @type {Journey} */ ({});
  before(async () => {
    journey.stack = await startTestStack();
    journey.chain = await chainTools(journey.stack.rpcUrl, journey.stack.deployment, {
      apiUrl: journey.stack.apiUrl,
    });
    journey.browser = await launchBrowser();
  });
  after(async () => {
    await journey.browser?.close();
    await journey.stack?.dispose();
  });
  return journey;
}
