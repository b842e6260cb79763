import type { TradingWallet } from "@fundament/sdk";
import { shortenAddress } from "../../shared/lib/format";

/** A trading wallet's first two cells in a table row: its type, and its address (shortened, whole on hover). */
export function TradingWalletCells({ wallet }: { wallet: Pick<TradingWallet, "walletType" | "walletAddress"> }) {
  return (
    <>
      <td>{wallet.walletType}</td>
      <td className="mono" title={wallet.walletAddress}>
        {shortenAddress(wallet.walletAddress)}
      </td>
    </>
  );
}
