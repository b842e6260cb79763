import type { TradingWallet } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";

/** A trading wallet's first two cells in a table row: its type, and its address (its name, or shortened; whole on hover). */
export function TradingWalletCells({ wallet }: { wallet: Pick<TradingWallet, "walletType" | "walletAddress"> }) {
  return (
    <>
      <td>{wallet.walletType}</td>
      <td>
        <AddressName address={wallet.walletAddress} />
      </td>
    </>
  );
}
