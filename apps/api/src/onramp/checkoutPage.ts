import { formatUnits } from "viem";
import { onrampNetwork } from "./networks.js";
import type { OnrampOrder } from "./orders.js";

/** The checkout page's Content-Security-Policy: no scripts, no external requests, forms post to the API only. */
export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Test card the form is prefilled with (the local checkout never charges anything). */
export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Test Buyer" };
/** Test bank account of a bank (ACH) order. */
export const TEST_BANK = { routing: "110000000", account: "000123456789", name: "Test Buyer" };

/** Messages the page shows after a refused form (`?error=`). */
export const FORM_ERRORS = {
  card: "Enter a valid card number: 13 to 19 digits.",
  expiry: "Enter the card's expiry date as MM/YY.",
  cvc: "Enter the card's 3- or 4-digit security code.",
  bank: "Enter a routing number of 9 digits and an account number of 4 to 17 digits.",
} as const;
export type FormError = keyof typeof FORM_ERRORS;

/**
 * The form error named by `?error=`, undefined for anything else. An own key only: `__proto__`, `constructor` or
 * `toString` are in every object's prototype chain, not messages.
 */
export function formError(code: unknown): FormError | undefined {
  return typeof code === "string" && Object.hasOwn(FORM_ERRORS, code) ? (code as FormError) : undefined;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A decimal string with thousands separators, its digits kept: "1234.5" → "1,234.5", "101.52" stays. */
export function groupDecimal(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = "", whole = "", fraction = ""] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction}`;
}

/** The amount bought in words ("1,000 mUSDC"): the stored decimal without trailing zeros, grouped. */
export function boughtAmount(order: Pick<OnrampOrder, "purchaseAmount" | "asset" | "decimals">): string {
  const [whole = "0", fraction = ""] = order.purchaseAmount.split(".");
  const units = BigInt(whole + fraction.padEnd(order.decimals, "0").slice(0, order.decimals));
  return `${groupDecimal(formatUnits(units, order.decimals))} ${order.asset}`;
}

/** "1,001.52 USD". */
const fiat = (amount: string, currency: string) => `${groupDecimal(amount)} ${currency}`;

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f6f8;color:#15171a;margin:0;padding:24px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 4px}
p.note{color:#50555c;margin:0 0 16px;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 20px}
dt{color:#50555c}
dd{margin:0;text-align:right;overflow-wrap:anywhere}
dd.total,dt.total{font-weight:600;border-top:1px solid #e3e5e8;padding-top:6px}
label{display:block;font-size:.875rem;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #b8bcc2;border-radius:8px;font:inherit}
input:focus,button:focus{outline:3px solid #2c6bed;outline-offset:2px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#1f4fd1;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.status{padding:12px;border-radius:8px;margin:0 0 16px;overflow-wrap:anywhere}
.ok{background:#e7f6ec;color:#0f5a2a}.bad{background:#fdecec;color:#8a1414}.wait{background:#eef3fd;color:#1d3f8f}
code{overflow-wrap:anywhere;font-size:.85rem}
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

const summary = (order: OnrampOrder) => `<dl>
<dt>You buy</dt><dd>${escapeHtml(boughtAmount(order))}</dd>
<dt>Network</dt><dd>${escapeHtml(onrampNetwork(order.chainId).display_name)}</dd>
<dt>Sent to</dt><dd><code>${escapeHtml(order.destination)}</code></dd>
<dt>Amount</dt><dd>${escapeHtml(fiat(order.paymentSubtotal, order.paymentCurrency))}</dd>
<dt>Provider fee</dt><dd>${escapeHtml(fiat(order.providerFee, order.paymentCurrency))}</dd>
<dt>Network fee</dt><dd>${escapeHtml(fiat(order.networkFee, order.paymentCurrency))}</dd>
<dt class="total">Total</dt><dd class="total">${escapeHtml(fiat(order.paymentTotal, order.paymentCurrency))}</dd>
</dl>`;

const field = (id: string, label: string, value: string, extra: string) =>
  `<label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" value="${escapeHtml(value)}" required ${extra}>`;

const paymentForm = (order: OnrampOrder, error: FormError | undefined) => {
  const fields =
    order.paymentMethod === "ACH_BANK_ACCOUNT"
      ? [
          field("holder", "Account holder", TEST_BANK.name, 'autocomplete="name"'),
          field("routing", "Routing number", TEST_BANK.routing, 'inputmode="numeric"'),
          field("account", "Account number", TEST_BANK.account, 'inputmode="numeric"'),
        ].join("\n")
      : [
          field("holder", "Name on card", TEST_CARD.name, 'autocomplete="cc-name"'),
          field("card", "Card number", TEST_CARD.number, 'inputmode="numeric" autocomplete="cc-number"'),
          `<div class="row"><div>${field("expiry", "Expiry (MM/YY)", TEST_CARD.expiry, 'autocomplete="cc-exp"')}</div>`,
          `<div>${field("cvc", "Security code", TEST_CARD.cvc, 'inputmode="numeric" autocomplete="cc-csc"')}</div></div>`,
        ].join("\n");
  const alert = error ? `<p class="status bad" role="alert">${escapeHtml(FORM_ERRORS[error])}</p>` : "";
  const what = order.paymentMethod === "ACH_BANK_ACCOUNT" ? "bank account" : "card";
  return `${alert}<form method="post" action="/onramp/checkout/${escapeHtml(order.id)}/pay">
<p class="note">Test checkout: the ${what} below is a test ${what} and nothing is charged.</p>
${fields}
<button type="submit">Pay ${escapeHtml(fiat(order.paymentTotal, order.paymentCurrency))}</button>
</form>`;
};

/** The checkout page of an order in any state; `error` is a refused form's field. */
export function checkoutPage(order: OnrampOrder, error?: FormError): string {
  const heading = `<h1>Buy ${escapeHtml(order.asset)}</h1>`;
  switch (order.status) {
    case "created":
      return page(
        `Buy ${order.asset}`,
        `${heading}\n<p class="note">Fundament test checkout</p>\n${summary(order)}\n${paymentForm(order, error)}`,
      );
    case "paid":
    case "delivering":
      return page(
        "Payment received",
        `${heading}\n<p class="status wait" role="status">Payment received. Sending ${escapeHtml(boughtAmount(order))} to ${escapeHtml(order.destination)}; reload this page in a moment.</p>\n${order.txHash ? `<p>Transaction: <code>${escapeHtml(order.txHash)}</code></p>` : ""}\n${summary(order)}`,
      );
    case "delivered":
      return page(
        "Payment complete",
        `${heading}\n<p class="status ok" role="status">Payment complete: ${escapeHtml(boughtAmount(order))} sent to ${escapeHtml(order.destination)}</p>\n<p>Transaction: <code>${escapeHtml(order.txHash ?? "")}</code></p>\n<p>You can close this window and return to the app.</p>\n${summary(order)}`,
      );
    default:
      return page(
        "Payment failed",
        `${heading}\n<p class="status bad" role="alert">Payment failed: ${escapeHtml(order.failure ?? "the tokens could not be sent.")}</p>\n${order.txHash ? `<p>Transaction: <code>${escapeHtml(order.txHash)}</code></p>` : ""}\n<p>Nothing was charged. You can close this window and try again from the app.</p>\n${summary(order)}`,
      );
  }
}

/** The page for an unknown order id. */
export function missingOrderPage(): string {
  return page(
    "Order not found",
    `<h1>Order not found</h1>\n<p>This checkout link is not valid. Start again from the app.</p>`,
  );
}

/** Why a submitted payment form is refused, or undefined when it is well formed (test details only). */
export function checkPaymentForm(method: string, form: Record<string, string | undefined>): FormError | undefined {
  if (method === "ACH_BANK_ACCOUNT") {
    return /^\d{9}$/.test(form.routing?.trim() ?? "") && /^\d{4,17}$/.test(form.account?.trim() ?? "")
      ? undefined
      : "bank";
  }
  const digits = (form.card ?? "").replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return "card";
  if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(form.expiry?.trim() ?? "")) return "expiry";
  if (!/^\d{3,4}$/.test(form.cvc?.trim() ?? "")) return "cvc";
  return undefined;
}

/** The Luhn checksum of a card number. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
