import { useId, useMemo, useState } from "react";
import { getFeaturedWallets, getWallets, searchWallets } from "../../connectors/getWallets.js";
import { getRecentWallets } from "../../connectors/recentWallets.js";
import { type DirectoryWallet, walletDirectory } from "../../connectors/walletDirectory.js";
import { WALLET_PAGE_SIZE } from "../../core/constants.js";
import { onListKeyDown } from "../components/ListNav.js";
import { WalletImage } from "../components/WalletImage.js";
import { useDirectoryWalletAction } from "../hooks/useDirectoryWalletAction.js";
import { useWalletConnectors } from "../hooks/useWalletConnectors.js";

function WalletTile({
  wallet,
  tag,
  onClick,
  href,
}: {
  wallet: DirectoryWallet;
  tag: string;
  onClick?: () => void;
  href?: string;
}) {
  const body = (
    <>
      <WalletImage src={wallet.image_url} name={wallet.name} size={48} />
      <span>{wallet.name}</span>
      <span className="fw-muted">{tag}</span>
    </>
  );
  return (
    <li>
      {href ? (
        <a
          className="fw-grid-item"
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          aria-label={`${wallet.name} (${tag})`}
        >
          {body}
        </a>
      ) : (
        <button type="button" className="fw-grid-item" onClick={onClick} aria-label={`${wallet.name} (${tag})`}>
          {body}
        </button>
      )}
    </li>
  );
}

function WalletGrid({ label, wallets }: { label: string; wallets: DirectoryWallet[] }) {
  const action = useDirectoryWalletAction();
  if (wallets.length === 0) return null;
  return (
    <ul className="fw-grid" aria-label={label} onKeyDown={onListKeyDown}>
      {wallets.map((w) => {
        const a = action(w);
        return <WalletTile key={w.id} wallet={w} tag={a.tag} onClick={a.onClick} href={a.href} />;
      })}
    </ul>
  );
}

/**
 * The full wallet directory: search (up to 100 results), the 2 recent wallets, the 4 featured ones, then every
 * wallet 40 at a time. Installed wallets connect; others pair through WalletConnect (when configured) or link to
 * their install page.
 */
export function AllWalletsView() {
  const connectors = useWalletConnectors();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [pages, setPages] = useState(1);
  const announcedRdns = useMemo(
    () => connectors.map((c) => c.rdns).filter((r): r is string => Boolean(r)),
    [connectors],
  );
  const query = search.trim();
  const recent = useMemo(
    () =>
      getRecentWallets()
        .map((id) => walletDirectory.find((w) => w.id === id))
        .filter((w): w is DirectoryWallet => Boolean(w)),
    [],
  );
  const featured = useMemo(() => getFeaturedWallets({ announcedRdns }), [announcedRdns]);
  const found = query ? searchWallets({ search: query, announcedRdns }) : undefined;
  const listed = useMemo(() => {
    const data: DirectoryWallet[] = [];
    let count = 0;
    for (let page = 1; page <= pages; page++) {
      const result = getWallets({
        page,
        entries: WALLET_PAGE_SIZE,
        announcedRdns,
        exclude: [...featured, ...recent].map((w) => w.id),
      });
      data.push(...result.data);
      count = result.count;
    }
    return { data, count };
  }, [pages, announcedRdns, featured, recent]);
  return (
    <div className="fw-stack">
      <div className="fw-field">
        <label htmlFor={searchId}>Search wallets</label>
        <input
          id={searchId}
          className="fw-input"
          type="search"
          value={search}
          placeholder="Search wallet"
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {found ? (
        found.data.length === 0 ? (
          <p className="fw-muted" role="status">
            No wallet found
          </p>
        ) : (
          <WalletGrid label="Search results" wallets={found.data} />
        )
      ) : (
        <>
          {recent.length > 0 ? <h3 className="fw-subtitle">Recent</h3> : null}
          <WalletGrid label="Recent wallets" wallets={recent} />
          <h3 className="fw-subtitle">Featured</h3>
          <WalletGrid label="Featured wallets" wallets={featured} />
          <h3 className="fw-subtitle">All wallets</h3>
          <WalletGrid label="All wallets" wallets={listed.data} />
          {listed.data.length < listed.count ? (
            <button type="button" className="fw-button fw-button-secondary" onClick={() => setPages((p) => p + 1)}>
              Show more
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
