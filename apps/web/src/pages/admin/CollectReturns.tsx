import { collectFundsFromTradingWallet, type PoolReturns, shortenAddress } from "@fundament/sdk";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { formatTokenAmount } from "../../shared/lib/tokenAmount";
import { TradingWalletCells } from "./TradingWalletCells";

/**
 * Collecting a vault's locked round's funds back: per trading wallet of the round, what it has made collectable (it approves the fund for
 * its balance) and a Collect button that pulls exactly that. `endLockupPeriod` then takes the collected total.
 */
export function CollectReturns({
  vaultId,
  returns,
  decimals,
  symbol,
  disabled,
}: {
  vaultId: number;
  returns: PoolReturns;
  decimals: number;
  symbol: string;
  disabled: boolean;
}) {
  const collect = useFundAction(collectFundsFromTradingWallet);
  const busy = disabled || collect.state.status === "pending";
  const amount = (units: bigint) => formatTokenAmount(units, decimals, symbol);
  return (
    <div className="collect">
      <h4>Collect returns</h4>
      {returns.wallets.length === 0 ? (
        <p className="muted">The round has no trading wallets.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">What each trading wallet has returned for collection</caption>
            <thead>
              <tr>
                <th scope="col">Wallet type</th>
                <th scope="col">Address</th>
                <th scope="col" className="num">
                  Ready to collect
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {returns.wallets.map((w) => (
                <tr key={`${w.walletAddress}-${w.index}`}>
                  <TradingWalletCells wallet={w} />
                  <td className="num" data-testid={`collectable-${w.index}`}>
                    {amount(w.collectable)}
                  </td>
                  <td className="num">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy || w.collectable === 0n}
                      aria-label={`Collect ${amount(w.collectable)} from ${w.walletType} (${shortenAddress(w.walletAddress)})`}
                      onClick={() => void collect.run({ vaultId, wallet: w.walletAddress, amount: w.collectable })}
                    >
                      Collect
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="field__hint">
        A trading wallet returns funds by approving the fund for them; nothing is ready until it has. Collected so far:{" "}
        <strong data-testid="pool-collected">{amount(returns.collected)}</strong>.
      </p>
      <TxStatus state={collect.state} />
    </div>
  );
}
