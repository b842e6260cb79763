import { addTradingWallet, removeTradingWallet, type TradingWallet, toUserMessage } from "@fundament/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AddressInput } from "../../shared/components/AddressInput";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import { shortenAddress } from "../../shared/lib/format";
import { AdminConfirmPanel, useReturnFocus } from "./AdminConfirm";
import { addressError, allocationError, bpsToPercent } from "./admin.helpers";
import { removeWalletEffect } from "./effects.helpers";
import { TradingWalletCells } from "./TradingWalletCells";

/**
 * One vault's trading wallets (its current round's list, which the next lockup sends funds to): list, add (address,
 * wallet type, allocation), remove after the admin confirmation (what the wallet would have received, in tokens).
 * While the round is locked the list stays as it was locked.
 */
export function TradingWalletsSection({
  vaultId,
  vaultName,
  locked,
  wallets,
}: {
  vaultId: number;
  vaultName: string;
  /** The vault's round is locked: the list cannot change until it settles. */
  locked: boolean;
  wallets: UseQueryResult<TradingWallet[]>;
}) {
  const add = useFundAction(addTradingWallet);
  const remove = useFundAction(removeTradingWallet);
  const [wallet, setWallet] = useState("");
  const [walletType, setWalletType] = useState("");
  const [allocation, setAllocation] = useState("");
  const [errors, setErrors] = useState<{ wallet?: string; walletType?: string; allocation?: string }>({});
  const [pending, setPending] = useState<TradingWallet | null>(null);
  const focus = useReturnFocus();
  const vault = useVaultSettings(vaultId);
  const token = useInvestmentToken();
  const busy = locked || add.state.status === "pending" || remove.state.status === "pending";
  const total = wallets.data?.reduce((sum, w) => sum + Number(w.allocation), 0) ?? 0;
  const titleId = `trading-wallets-${vaultId}-title`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(addressError(wallet) ? { wallet: addressError(wallet) as string } : {}),
      ...(!walletType.trim() || new TextEncoder().encode(walletType.trim()).length > 31
        ? { walletType: "Enter a wallet type of 1 to 31 characters." }
        : {}),
      ...(allocationError(allocation) ? { allocation: allocationError(allocation) as string } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    remove.reset();
    const result = await add.run({ vaultId, wallet, walletType, allocation });
    if (result.success) {
      setWallet("");
      setWalletType("");
      setAllocation("");
    }
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId} ref={add.resultRef}>
        Trading wallets
      </h3>
      {wallets.isPending ? (
        <Skeleton height="4rem" />
      ) : wallets.isError ? (
        <p className="error-text">{toUserMessage(wallets.error)}</p>
      ) : wallets.data.length === 0 ? (
        <p className="muted">This vault has no trading wallets yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Trading wallets of the {vaultName}</caption>
            <thead>
              <tr>
                <th scope="col">Wallet type</th>
                <th scope="col">Address</th>
                <th scope="col" className="num">
                  Allocation
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {wallets.data.map((w) => (
                <tr key={`${w.walletAddress}-${w.index}`}>
                  <TradingWalletCells wallet={w} />
                  <td className="num">{bpsToPercent(w.allocation)}</td>
                  <td className="num">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy || !vault.data || !token.data}
                      aria-label={`Remove trading wallet ${w.walletType} (${shortenAddress(w.walletAddress)})`}
                      aria-expanded={pending?.index === w.index}
                      onClick={(event) => {
                        focus.remember(event.currentTarget);
                        setPending(w);
                      }}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td className="num">{bpsToPercent(total)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {pending &&
        !locked &&
        vault.data &&
        token.data &&
        wallets.data &&
        (() => {
          const { effect, detail } = removeWalletEffect({
            wallet: pending,
            vaultName,
            round: vault.data.round,
            deposits: vault.data.currentPool.totalFunds,
            allocations: wallets.data.map((w) => w.allocation),
            token: token.data,
          });
          return (
            <AdminConfirmPanel
              effect={effect}
              confirmLabel="Confirm removal"
              onCancel={() => {
                setPending(null);
                focus.restore();
              }}
              onConfirm={() => {
                setPending(null);
                focus.restore();
                add.reset();
                void remove.run({ vaultId, index: pending.index });
              }}
            >
              <p>{detail}</p>
            </AdminConfirmPanel>
          );
        })()}
      {locked && <p className="muted small">The round is locked: the trading wallets can change once it settles.</p>}
      <p className="muted small">
        Removing a wallet applies at once; a new wallet waits the timelock's delay in Pending changes, so investors can
        leave first.
      </p>
      <form className="form form--grid" onSubmit={onSubmit} noValidate aria-label="Add a trading wallet">
        <Field label="Trading wallet address" error={errors.wallet}>
          {(control) => <AddressInput {...control} value={wallet} onChange={(e) => setWallet(e.target.value)} />}
        </Field>
        <Field label="Wallet type" error={errors.walletType}>
          {(control) => (
            <input
              {...control}
              className="input"
              placeholder="Futures"
              value={walletType}
              onChange={(e) => setWalletType(e.target.value)}
            />
          )}
        </Field>
        <Field label="Allocation (basis points)" error={errors.allocation}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              placeholder="6000 = 60%"
              value={allocation}
              onChange={(e) => setAllocation(e.target.value)}
            />
          )}
        </Field>
        <div className="form__submit">
          <button type="submit" className="button button--primary" disabled={busy}>
            Add trading wallet
          </button>
        </div>
      </form>
      <TxStatus state={add.state} />
      <TxStatus state={remove.state} />
    </section>
  );
}
