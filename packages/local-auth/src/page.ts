// What the local stand-ins' HTML pages share (the Farcaster app's pages, the OpenID Connect sign-in form, the web
// inbox): the escaping of every value that came from a request or a mail, and the page around the body. Each page
// keeps its own style.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML, safe in element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export type HtmlPage = {
  title: string;
  /** The page's CSS, inlined. */
  style: string;
  /** The markup inside `<main>`. */
  body: string;
  /** The CSP nonce of the inline style, where the page's CSP asks for one. */
  styleNonce?: string | undefined;
  /** More of the head, after the style (trusted markup). */
  head?: string | undefined;
  /** Attributes of `<body>` (trusted markup; escape any value in them). */
  bodyAttributes?: string | undefined;
};

/** A whole HTML document: the title (escaped), the inline style, and the body inside `<main>`. */
export function htmlPage({ title, style, body, styleNonce, head, bodyAttributes }: HtmlPage): string {
  const nonce = styleNonce === undefined ? "" : ` nonce="${escapeHtml(styleNonce)}"`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style${nonce}>${style}</style>${head ? `\n${head}` : ""}
</head>
<body${bodyAttributes ? ` ${bodyAttributes}` : ""}>
<main>
${body}
</main>
</body>
</html>`;
}

/** A heading and one sentence (both escaped): the body of a page that only says an outcome or a refusal. */
export function messageBody(title: string, sentence: string, role?: "alert"): string {
  return `<h1>${escapeHtml(title)}</h1>\n<p${role ? ` role="${role}"` : ""}>${escapeHtml(sentence)}</p>`;
}
