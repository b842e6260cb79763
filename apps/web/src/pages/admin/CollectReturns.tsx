import { collectFundsFromTradingWallet, type PoolReturns } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { CopyButton } from "../../shared/components/CopyButton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { formatTokenAmount, shortenAddress, tokenTitle } from "../../shared/lib/format";
import { collectedByWalletQuery } from "./admin.queries";
import styles from "./CollectReturns.module.css";
import { approvalState, approveCall, approveCastCommand, collectRowState } from "./collect.helpers";
import { splitByAllocation } from "./effects.helpers";
import { WriteError } from "./WriteError";

/**
 * Collecting a vault's locked round's funds back. First, what each trading wallet must do (approve the fund for the
 * amount it returns, on the investment token: the fund's address, the exact call, and a `cast send` command that runs
 * as pasted, with a Copy button); then, per wallet, what it was sent, what it has approved (refreshed as approvals
 * arrive) and a Collect button that pulls what is ready, or "Collected" once nothing is left to pull.
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
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const collectedBy = useQuery(collectedByWalletQuery(client, deployment, returns.poolId));
  const collect = useFundAction(collectFundsFromTradingWallet);
  const busy = disabled || collect.state.status === "pending";
  const amount = (units: bigint) => formatTokenAmount(units, decimals, symbol);
  const sent = splitByAllocation(
    returns.principal,
    returns.wallets.map((w) => w.allocation),
  );
  const approved = returns.wallets.filter((w) => w.allowance > 0n);
  return (
    <div className={styles.collect}>
      <h4>Collect returns</h4>
      <ApproveInstructions
        wallets={returns.wallets}
        sent={sent}
        token={token}
        fund={fund}
        decimals={decimals}
        symbol={symbol}
      />
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
              {returns.wallets.map((w, i) => (
                <CollectRow
                  key={`${w.walletAddress}-${w.index}`}
                  wallet={w}
                  sent={sent[i] ?? 0n}
                  collectedFrom={collectedBy.data?.[w.walletAddress.toLowerCase()] ?? 0n}
                  decimals={decimals}
                  symbol={symbol}
                  disabled={busy}
                  onCollect={() => void collect.run({ vaultId, wallet: w.walletAddress, amount: w.collectable })}
                />
              ))}
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
      <WriteError state={collect.state} what="Nothing was collected:" testId="collect-error" />
    </div>
  );
}

/**
 * What each trading wallet does first: approve the fund, on the investment token, for what it returns; the exact call,
 * and a `cast send` command that runs as pasted (the app's RPC URL, the wallet as sender, the amount in units with
 * the amount in tokens beside it) with a Copy button.
 */
function ApproveInstructions({
  wallets,
  sent,
  token,
  fund,
  decimals,
  symbol,
}: {
  wallets: PoolReturns["wallets"];
  sent: readonly bigint[];
  token: Address;
  fund: Address;
  decimals: number;
  symbol: string;
}) {
  const { rpcUrl, chainId } = useAppConfig();
  const amount = (units: bigint) => formatTokenAmount(units, decimals, symbol);
  const oneToken = (10n ** BigInt(decimals)).toString();
  return (
    <div className={styles.howto} data-testid="collect-howto">
      <p>
        <strong>First, each trading wallet approves the fund for the amount it returns.</strong> From the trading
        wallet, on the investment token {symbol} (<code className="mono">{token}</code>), call{" "}
        <code className="mono">approve(spender, amount)</code> with the fund's address{" "}
        <code className="mono" data-testid="fund-address">
          {fund}
        </code>{" "}
        as spender and the amount in the token's smallest units ({decimals} decimals: 1 {symbol} = {oneToken}). The
        tokens stay in the wallet until they are collected here; each approval shows below as soon as it is mined. With
        Foundry, run the command under each wallet from a terminal:{" "}
        {chainId === 31_337
          ? "on this local chain it sends from the wallet unlocked."
          : "cast asks for that wallet's private key and refuses any other."}
      </p>
      {wallets.length > 0 && (
        <ul className={styles.calls} aria-label="The call each trading wallet makes to return what it was sent">
          {wallets.map((w, i) => (
            <li key={`${w.walletAddress}-${w.index}`}>
              {w.walletType} (<AddressName address={w.walletAddress} />
              ), to return the {amount(sent[i] ?? 0n)} it was sent (more with a profit, less with a loss):
              <code className={`mono ${styles.code}`} data-testid={`approve-call-${w.index}`}>
                {approveCall(fund, sent[i] ?? 0n)}
              </code>
              <CastCommand
                index={w.index}
                command={approveCastCommand({
                  token,
                  fund,
                  units: sent[i] ?? 0n,
                  wallet: w.walletAddress,
                  rpcUrl,
                  chainId,
                })}
                amount={amount(sent[i] ?? 0n)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One wallet's `cast send` command, the amount it approves in tokens beside it, and its Copy button. */
function CastCommand({ index, command, amount }: { index: number; command: string; amount: string }) {
  return (
    <span className={styles.command}>
      <code className={`mono ${styles.code}`} data-testid={`approve-command-${index}`}>
        {command}
      </code>
      <span className={styles.commandMeta}>
        <span>
          Approves <span data-testid={`approve-amount-${index}`}>{amount}</span>
        </span>
        <CopyButton text={command} label="Copy command" />
      </span>
    </span>
  );
}

/**
 * A trading wallet's row: what it approved, what can be collected now and Collect; once something came back from it
 * and nothing is left to pull, "Collected" instead of a button.
 */
function CollectRow({
  wallet: w,
  sent,
  collectedFrom,
  decimals,
  symbol,
  disabled,
  onCollect,
}: {
  wallet: PoolReturns["wallets"][number];
  sent: bigint;
  collectedFrom: bigint;
  decimals: number;
  symbol: string;
  disabled: boolean;
  onCollect: () => void;
}) {
  const amount = (units: bigint) => formatTokenAmount(units, decimals, symbol);
  const state = approvalState({ allowance: w.allowance, sent });
  const done = collectRowState({ collectedFrom, collectable: w.collectable }) === "collected";
  return (
    <tr>
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
        {done && w.allowance === 0n ? (
          <span className="muted">Used up</span>
        ) : state === "waiting" ? (
          <span className="muted">Waiting for approval</span>
        ) : (
          amount(w.allowance)
        )}
      </td>
      <td className="num" data-testid={`collectable-${w.index}`} title={tokenTitle(w.collectable, decimals, symbol)}>
        {done ? (
          <span className="muted">None left</span>
        ) : (
          <>
            {amount(w.collectable)}
            {w.allowance > w.balance && <span className="figure__note"> (holds only {amount(w.balance)})</span>}
          </>
        )}
      </td>
      <td className="num">
        {done ? (
          <span
            className="tag"
            data-testid={`collected-${w.index}`}
            title={`${tokenTitle(collectedFrom, decimals, symbol)} collected`}
          >
            Collected
          </span>
        ) : (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={disabled || w.collectable === 0n}
            aria-label={`Collect ${amount(w.collectable)} from ${w.walletType} (${shortenAddress(w.walletAddress)})`}
            onClick={onCollect}
          >
            Collect
          </button>
        )}
      </td>
    </tr>
  );
}
