import { type FocusEvent, useId, useState } from "react";
import { shortenAddress } from "../../core/format.js";
import { useIdentity } from "../hooks/useIdentity.js";
import { useTheme } from "../hooks/useTheme.js";
import { CopyButton } from "./CopyButton.js";

export type AddressNameProps = {
  address: string;
  /** The chain the address is on (reserved: names are per coin type; identity is asked by address). */
  chainId?: number | undefined;
  /** Show the identity's avatar before the name, when it has one. Default false. */
  avatar?: boolean | undefined;
  className?: string | undefined;
};

/**
 * The one way to show an address: its registered name (or ENS name) when it has one, else `0x1234…abcd`. The full
 * address is the element's title and accessible label, and shows with a copy button on hover or keyboard focus.
 */
export function AddressName({ address, avatar = false, className }: AddressNameProps) {
  const identity = useIdentity(address);
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const text = identity.name ?? shortenAddress(address);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group around the text and its copy button
    <span
      role="group"
      className={`fw-address-name${className ? ` ${className}` : ""}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reveal the full address by focusing it
      tabIndex={0}
      title={address}
      aria-label={identity.name ? `${identity.name}, ${address}` : address}
      aria-describedby={open ? popoverId : undefined}
      data-named={identity.name ? "true" : undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {avatar && identity.avatar ? <img className="fw-address-name-avatar" src={identity.avatar} alt="" /> : null}
      <span className="fw-address-name-text">{text}</span>
      {open ? <AddressPopover id={popoverId} address={address} /> : null}
    </span>
  );
}

/** The full address and its copy button; rendered only while open, so a long list stays light. */
function AddressPopover({ id, address }: { id: string; address: string }) {
  const theme = useTheme();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps a click on copy from reaching an enclosing link
    // biome-ignore lint/a11y/useKeyWithClickEvents: the copy button inside is the keyboard path
    <span
      className="fw-root fw-address-name-popover"
      data-fw-theme={theme}
      onClick={(event) => {
        event.stopPropagation();
        event.preventDefault();
      }}
    >
      <span id={id} className="fw-address-name-full">
        {address}
      </span>
      <CopyButton text={address} />
    </span>
  );
}
