/** A wallet or network icon (inline data URIs or the wallet's own EIP-6963 icon); a monogram when absent. */
export function WalletImage({ src, name, size = 40 }: { src?: string | undefined; name: string; size?: number }) {
  if (src) return <img className="fw-icon" src={src} alt="" width={size} height={size} />;
  return (
    <span className="fw-icon fw-icon-fallback" aria-hidden="true" style={{ width: size, height: size }}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
