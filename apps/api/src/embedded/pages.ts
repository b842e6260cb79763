/** The device-approval link's pages: no scripts, no outside requests; the one form posts to this API only. */
export const APPROVAL_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const DEVICE_APPROVAL_QUESTION =
  "Someone, hopefully you, is signing in to your Fundament wallet on a new device or browser. Approve it only if that was you, just now.";

export const DEVICE_APPROVED = "This device is approved. Go back to the app to continue.";
export const DEVICE_LINK_INVALID =
  "This link is not valid any more: it expired or was already used. Go back to the app and ask for a new one.";

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f6f8;color:#15171a;margin:0;padding:24px}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 12px}p{margin:0;line-height:1.5}
form{margin-top:20px}button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#1f4ed8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #15171a;outline-offset:2px}
`;

/**
 * The mailed link's page: a question and an "Approve this device" button that posts the token. Opening the link
 * approves nothing, so a mail scanner that follows every link cannot approve a device.
 */
export function approvalQuestionPage(token: string): string {
  return page(
    "Approve this device?",
    `<p>${DEVICE_APPROVAL_QUESTION}</p>
<form method="post" action="/v1/embedded/device/approve">
<input type="hidden" name="token" value="${token}">
<button type="submit">Approve this device</button>
</form>`,
  );
}

/** A one-message page (the texts are constants: nothing from the request is echoed). */
export function approvalPage(approved: boolean): string {
  return page(
    approved ? "Device approved" : "Link not valid",
    `<p role="status">${approved ? DEVICE_APPROVED : DEVICE_LINK_INVALID}</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Fundament</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`;
}
