/** An inline SVG monogram icon as a data URI: no remote image, no request. */
export function walletIcon(letters: string, background: string, foreground = "#fff"): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="${letters.length > 1 ? 22 : 28}" font-weight="700" text-anchor="middle" fill="${foreground}">${letters}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
