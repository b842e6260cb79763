import type { ReactNode } from "react";
import { WalletImage } from "./WalletImage.js";

export type ListItemButtonProps = {
  name: string;
  /** The image; a monogram when undefined; none when null (plain actions). */
  icon?: string | null | undefined;
  /** A short tag: "Installed", "Recent", "QR code", "Install". */
  tag?: string | undefined;
  onClick?: (() => void) | undefined;
  /** Renders a link (install / open the wallet) instead of a button. */
  href?: string | undefined;
  disabled?: boolean | undefined;
  children?: ReactNode;
};

export function ListItemButton({ name, icon, tag, onClick, href, disabled, children }: ListItemButtonProps) {
  const body = (
    <>
      {icon === null ? null : <WalletImage src={icon} name={name} />}
      <span className="fw-list-name">{name}</span>
      {children}
      {tag ? <span className="fw-tag">{tag}</span> : null}
    </>
  );
  return (
    <li>
      {href ? (
        <a className="fw-list-item" href={href} target="_blank" rel="noreferrer noopener">
          {body}
        </a>
      ) : (
        <button type="button" className="fw-list-item" onClick={onClick} disabled={disabled}>
          {body}
        </button>
      )}
    </li>
  );
}
