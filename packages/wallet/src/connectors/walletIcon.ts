/**
 * An inline SVG icon as a data URI: no remote image, no request. The wallet's mark (a 24×24 Simple Icons path) in
 * white on its colour where one is bundled, else its monogram.
 */
export function walletIcon(letters: string, background: string, foreground = "#fff", mark?: string): string {
  const inner = mark
    ? `<path transform="translate(14 14) scale(1.5)" fill="${foreground}" d="${mark}"/>`
    : `<text x="32" y="41" font-family="system-ui,sans-serif" font-size="${letters.length > 1 ? 22 : 28}" font-weight="700" text-anchor="middle" fill="${foreground}">${letters}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/>${inner}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
