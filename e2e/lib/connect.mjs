// @ts-check
/**
 * Connects the page's test wallet through the app's Connect Wallet button and signs in (SIWE).
 * @param {import("playwright-core").Page} page
 * @param {string} url
 */
export async function connectAndSignIn(page, url) {
  await page.goto(url);
  // (/admin shows a second Connect Wallet button in its empty state: the header's comes first.)
  await page.getByRole("button", { name: "Connect Wallet" }).first().click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Test Wallet/ })
    .click();
  const signIn = page.getByRole("dialog", { name: /Sign In/i });
  await signIn.waitFor({ timeout: 15_000 });
  await signIn.getByRole("button", { name: "Sign" }).click();
  await signIn.waitFor({ state: "hidden", timeout: 15_000 });
  await page.getByRole("button", { name: /^Account 0x/ }).waitFor();
}
