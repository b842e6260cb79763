import { collectFundsFromTradingWallet, type PoolReturns } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import type { Address } from "viem";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { formatTokenAmount, shortenAddress, tokenTitle } from "../../shared/lib/format";
import styles from "./CollectReturns.module.css";
import { approvalState, approveCall, approveCastCommand } from "./collect.helpers";
import { splitByAllocation } from "./effects.helpers";

/**
 * Collecting a vault's locked round's funds back. First, what each trading wallet must do (approve the fund for the
 * amount it returns, on the investment token: the fund's address and the exact call); then, per wallet, what it was
 * sent, what it has approved (refreshed as approvals arrive) and a Collect button that pulls what is ready.
 * `endLockupPeriod` then takes the collected total, with the hash of the round's report, which claims that total
 * (`SettleRound`).
 */
export function CollectReturns({
  vaultId,
  returns,
  decimals,
  symbol,
  token,
  fund,
  disabled,
}: {
  vaultId: number;
  returns: PoolReturns;
  decimals: number;
  symbol: string;
  token: Address;
  fund: Address;
  disabled: boolean;
}) {
  const collect = useFundAction(collectFundsFromTradingWallet);
  const busy = disabled || collect.state.status === "pending";
  const amount = (units: bigint) => formatTokenAmount(units, decimals, symbol);
  const sent = splitByAllocation(
    returns.principal,
    returns.wallets.map((w) => w.allocation),
  );
  const oneToken = (10n ** BigInt(decimals)).toString();
  const approved = returns.wallets.filter((w) => w.allowance > 0n);
  return (
    <div className={styles.collect}>
      <h4>Collect returns</h4>
      <div className={styles.howto} data-testid="collect-howto">
        <p>
          <strong>First, each trading wallet approves the fund for the amount it returns.</strong> From the trading
          wallet, on the investment token {symbol} (<code className="mono">{token}</code>), call{" "}
          <code className="mono">approve(spender, amount)</code> with the fund's address{" "}
          <code className="mono" data-testid="fund-address">
            {fund}
          </code>{" "}
          as spender and the amount in the token's smallest units ({decimals} decimals: 1 {symbol} = {oneToken}). The
          tokens stay in the wallet until they are collected here; each approval shows below as soon as it is mined.
        </p>
        {returns.wallets.length > 0 && (
          <ul className={styles.calls} aria-label="The call each trading wallet makes to return what it was sent">
            {returns.wallets.map((w, i) => (
              <li key={`${w.walletAddress}-${w.index}`}>
                {w.walletType} (<AddressName address={w.walletAddress} />
                ), to return the {amount(sent[i] ?? 0n)} it was sent (more with a profit, less with a loss):
                <code className={`mono ${styles.code}`} data-testid={`approve-call-${w.index}`}>
                  {approveCall(fund, sent[i] ?? 0n)}
                </code>
                <code className={`mono ${styles.code}`}>{approveCastCommand(token, fund, sent[i] ?? 0n)}</code>
              </li>
            ))}
          </ul>
        )}
      </div>
      {returns.wallets.length === 0 ? (
        <p className="muted">The round has no trading wallets.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--compact">
            <caption className="visually-hidden">What each trading wallet has approved and can return</caption>
            <thead>
              <tr>
                <th scope="col">Trading wallet</th>
                <th scope="col" className="num">
                  Approved
                </th>
                <th scope="col" className="num">
                  Ready to collect
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {returns.wallets.map((w, i) => {
                const state = approvalState({ allowance: w.allowance, sent: sent[i] ?? 0n });
                return (
                  <tr key={`${w.walletAddress}-${w.index}`}>
                    <td>
                      {w.walletType}
                      <br />
                      <AddressName address={w.walletAddress} className="small muted" />
                    </td>
                    <td
                      className="num"
                      data-testid={`approved-${w.index}`}
                      title={state === "waiting" ? undefined : tokenTitle(w.allowance, decimals, symbol)}
                    >
                      {state === "waiting" ? <span className="muted">Waiting for approval</span> : amount(w.allowance)}
                    </td>
                    <td
                      className="num"
                      data-testid={`collectable-${w.index}`}
                      title={tokenTitle(w.collectable, decimals, symbol)}
                    >
                      {amount(w.collectable)}
                      {w.allowance > w.balance && (
                        <span className="figure__note"> (holds only {amount(w.balance)})</span>
                      )}
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
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {approved.map((w) => `${w.walletType} approved ${amount(w.allowance)}.`).join(" ")}
      </p>
      <p className="field__hint">
        Collected so far: <strong data-testid="pool-collected">{amount(returns.collected)}</strong> of the{" "}
        {amount(returns.principal)} sent out.
      </p>
      <TxStatus state={collect.state} />
    </div>
  );
}
