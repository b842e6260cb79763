// @ts-check
/**
 * Connects the page's test wallet through the app's Connect Wallet button. Connecting asks nothing more: the app
 * offers sign-in in the wallet's Account view, where a person chooses it.
 * @param {import("playwright-core").Page} page
 * @param {string} url
 */
export async function connect(page, url) {
  await page.goto(url);
  // (/admin shows a second Connect Wallet button in its empty state: the header's comes first.)
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Test Wallet/ })
    .click();
  await page.getByRole("button", { name: /^Account 0x/ }).waitFor({ timeout: 15_000 });
  await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 });
}

/**
 * Signs the connected account in (SIWE) through the Account view's "Sign in": the prompt, Sign, the dialog closes.
 * @param {import("playwright-core").Page} page
 */
export async function signIn(page) {
  await page.getByRole("button", { name: /^Account 0x/ }).click();
  await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Sign in" }).click();
  const prompt = page.getByRole("dialog", { name: /Sign In/i });
  await prompt.waitFor({ timeout: 15_000 });
  await prompt.getByRole("button", { name: "Sign" }).click();
  await prompt.waitFor({ state: "hidden", timeout: 15_000 });
}

/**
 * Connects the page's test wallet, then signs in through the Account view's "Sign in" (journeys that rely on a
 * session still have one).
 * @param {import("playwright-core").Page} page
 * @param {string} url
 */
export async function connectAndSignIn(page, url) {
  await connect(page, url);
  await signIn(page);
  await page.getByRole("button", { name: /^Account 0x/ }).waitFor();
}
