import { shortenAddress } from "@fundament/sdk";
import type { Hash } from "viem";
import { useAppConfig } from "../hooks/useAppConfig";
import { explorerTxUrl } from "../lib/explorer";

/** A transaction hash: a link to the block explorer where there is one, the hash itself on the local chain. */
export function TxHash({ hash }: { hash: Hash }) {
  const { chainId } = useAppConfig();
  const url = explorerTxUrl(chainId, hash);
  if (url) {
    return (
      <a className="tx-hash" href={url} target="_blank" rel="noreferrer noopener">
        View on Etherscan <span className="mono">{shortenAddress(hash, 12)}</span>
      </a>
    );
  }
  return (
    <span className="tx-hash">
      Transaction{" "}
      <code className="mono" title={hash} data-testid="tx-hash">
        {hash}
      </code>
    </span>
  );
}
