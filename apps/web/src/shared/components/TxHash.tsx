import type { Hash } from "viem";
import { useAppConfig } from "../hooks/useAppConfig";
import { explorerTxUrl } from "../lib/explorer";
import { shortenAddress } from "../lib/format";
import styles from "./TxHash.module.css";

/**
 * A transaction hash, short ("0x1234…abcd"): a link to the block explorer where the chain has one; on the local chain,
 * which has none, the short hash with the whole one in its title and `data-hash`.
 */
export function TxHash({ hash }: { hash: Hash }) {
  const { chainId } = useAppConfig();
  const url = explorerTxUrl(chainId, hash);
  const short = shortenAddress(hash);
  if (url) {
    return (
      <a className={styles.hash} href={url} target="_blank" rel="noreferrer noopener">
        View on Etherscan <span className="mono">{short}</span>
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <span className={styles.hash}>
      Transaction{" "}
      <code className="mono" title={hash} data-testid="tx-hash" data-hash={hash}>
        {short}
      </code>
    </span>
  );
}
