/** The device-approval link's pages: no scripts, no outside requests. */
export const APPROVAL_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const DEVICE_APPROVED = "This device is approved. Go back to the app to continue.";
export const DEVICE_LINK_INVALID =
  "This link is not valid any more: it expired or was already used. Go back to the app and ask for a new one.";

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f6f8;color:#15171a;margin:0;padding:24px}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 12px}p{margin:0;line-height:1.5}
`;

/** A one-message page (the texts are constants: nothing from the request is echoed). */
export function approvalPage(approved: boolean): string {
  const title = approved ? "Device approved" : "Link not valid";
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
<p role="status">${approved ? DEVICE_APPROVED : DEVICE_LINK_INVALID}</p>
</main>
</body>
</html>`;
}
