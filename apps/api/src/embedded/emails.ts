import type { Mail } from "./mailer.js";

/**
 * The embedded wallet's mails: plain text first (what most clients preview), and a simple HTML version with the
 * code large and the link a button. The code is in the subject, so it shows in a notification.
 */

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const html = (paragraphs: string[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fundament</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#15171a;background:#ffffff;padding:24px">
${paragraphs.join("\n")}
<p style="color:#50555c;font-size:13px">If you did not ask for this, you can ignore this email. Nobody can sign in without it.</p>
</body></html>`;

const codeBlock = (code: string) =>
  `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>`;

const IGNORE = "If you did not ask for this, you can ignore this email. Nobody can sign in without it.";

/** The login code (route 1, VERIFY_OTP). */
export function loginCodeMail(to: string, code: string): Mail {
  return {
    to,
    subject: `Your Fundament code: ${code}`,
    text: `Your Fundament code is ${code}.\n\nEnter it in the app to sign in. It is valid for 10 minutes and works once.\n\n${IGNORE}\n`,
    html: html([
      "<p>Your Fundament code is:</p>",
      codeBlock(code),
      "<p>Enter it in the app to sign in. It is valid for 10 minutes and works once.</p>",
    ]),
  };
}

/** The device-approval link (route 1, VERIFY_DEVICE). */
export function deviceApprovalMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Approve this device for your Fundament wallet",
    text: `Someone, hopefully you, is signing in to your Fundament wallet on a new device.\n\nApprove this device: ${link}\n\nThe link is valid for 15 minutes and works once. Then go back to the app to continue.\n\n${IGNORE}\n`,
    html: html([
      "<p>Someone, hopefully you, is signing in to your Fundament wallet on a new device.</p>",
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f4fd1;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Approve this device</a></p>`,
      "<p>The link is valid for 15 minutes and works once. Then go back to the app to continue.</p>",
    ]),
  };
}

/** The email update's first code, to the current address (VERIFY_PRIMARY_OTP). */
export function updatePrimaryMail(to: string, code: string, newEmail: string): Mail {
  return {
    to,
    subject: `Your Fundament code: ${code}`,
    text: `You asked to change your Fundament email to ${newEmail}.\n\nYour code is ${code}. Enter it in the app to confirm the change. It is valid for 10 minutes.\n\n${IGNORE}\n`,
    html: html([
      `<p>You asked to change your Fundament email to <strong>${escapeHtml(newEmail)}</strong>.</p>`,
      codeBlock(code),
      "<p>Enter this code in the app to confirm the change. It is valid for 10 minutes.</p>",
    ]),
  };
}

/** The email update's second code, to the new address (VERIFY_SECONDARY_OTP). */
export function updateSecondaryMail(to: string, code: string): Mail {
  return {
    to,
    subject: `Your Fundament code: ${code}`,
    text: `Your Fundament code is ${code}.\n\nEnter it in the app to make this your account's email. It is valid for 10 minutes.\n\n${IGNORE}\n`,
    html: html([
      "<p>Your Fundament code is:</p>",
      codeBlock(code),
      "<p>Enter it in the app to make this your account's email. It is valid for 10 minutes.</p>",
    ]),
  };
}
