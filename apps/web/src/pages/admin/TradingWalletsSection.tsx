import { addTradingWallet, removeTradingWallet, type TradingWallet, toUserMessage } from "@fundament/sdk";
import type { UseQueryResult } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AddressInput } from "../../shared/components/AddressInput";
import { Field } from "../../shared/components/Field";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { type UseFundActionReturnType, useFundAction } from "../../shared/hooks/useFundAction";
import { useInvestmentToken, useVaultSettings } from "../../shared/hooks/useFundQueries";
import { shortenAddress } from "../../shared/lib/format";
import { AdminConfirmPanel, useReturnFocus } from "./AdminConfirm";
import { AllocationCell } from "./AllocationCell";
import { addressError, bpsToPercent, parseAllocationPercent } from "./admin.helpers";
import { removeWalletEffect } from "./effects.helpers";
import { TradingWalletCells } from "./TradingWalletCells";
import { WriteError } from "./WriteError";

/**
 * One vault's trading wallets (its current round's list, which the next lockup sends funds to): list, add (address,
 * wallet type, allocation in per cent), edit an allocation in place (the contract has no update: the wallet is removed
 * and added again with the new one), remove after the admin confirmation (what the wallet would have received, in
 * tokens). While the round is locked the list stays as it was locked. Each refusal shows under what asked for it.
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
  const [pending, setPending] = useState<TradingWallet | null>(null);
  const focus = useReturnFocus();
  const vault = useVaultSettings(vaultId);
  const token = useInvestmentToken();
  const busy = locked || add.state.status === "pending" || remove.state.status === "pending";
  const total = wallets.data?.reduce((sum, w) => sum + Number(w.allocation), 0) ?? 0;
  const titleId = `trading-wallets-${vaultId}-title`;
  const { changeAllocation, editFailure, editNotice, clearEdit } = useAllocationEdit(vaultId, add, remove);

  const onAdd = (parameters: { wallet: string; walletType: string; bps: number }) => {
    remove.reset();
    clearEdit();
    return add.run({
      vaultId,
      wallet: parameters.wallet,
      walletType: parameters.walletType,
      allocation: parameters.bps,
    });
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
        <TradingWalletsTable
          wallets={wallets.data}
          vaultName={vaultName}
          total={total}
          busy={busy}
          canRemove={Boolean(vault.data && token.data)}
          pendingIndex={pending?.index ?? null}
          onEdit={changeAllocation}
          onRemove={(w, opener) => {
            focus.remember(opener);
            setPending(w);
          }}
        />
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
                clearEdit();
                void remove.run({ vaultId, index: pending.index });
              }}
            >
              <p>{detail}</p>
            </AdminConfirmPanel>
          );
        })()}
      <WriteError state={remove.state} what="The trading wallet was not removed:" />
      {editNotice && (
        <p className="notice notice--info" role="status" data-testid="allocation-edit-notice">
          {editNotice}
        </p>
      )}
      {editFailure && (
        <p className="error-text" role="alert">
          {editFailure}
        </p>
      )}
      {locked && <p className="muted small">The round is locked: the trading wallets can change once it settles.</p>}
      <p className="muted small">
        Removing a wallet applies at once; a new wallet waits the timelock's delay in Pending changes, so investors can
        leave first. Editing an allocation removes the wallet at once and adds it back with the new one, which waits
        like a new wallet.
      </p>
      <AddTradingWalletForm total={total} busy={busy} onAdd={onAdd} />
      {!editFailure && <WriteError state={add.state} what="The trading wallet was not added:" />}
      <TxStatus state={add.state} />
      <TxStatus state={remove.state} />
    </section>
  );
}

type AddWallet = { vaultId: number; wallet: string; walletType: string; allocation: number };
type RemoveWallet = { vaultId: number; index: number };

/**
 * An allocation edited in place (`changeAllocation`): remove the wallet, then add it again with `bps`; why not, or
 * null. The contract has no update; where adding waits in the timelock the wallet is out of the list until the change
 * is executed, and no lockup can start meanwhile (the allocations no longer add up to 100 %), so no money goes a wrong
 * way. `editFailure`: the edit whose re-adding was refused after its removal went through (said under the table);
 * `editNotice`: what the last edit did, at once or scheduled in the timelock (the result's message says which).
 */
function useAllocationEdit(
  vaultId: number,
  add: Pick<UseFundActionReturnType<AddWallet>, "run" | "reset">,
  remove: Pick<UseFundActionReturnType<RemoveWallet>, "run" | "reset">,
) {
  const [editFailure, setEditFailure] = useState<string | null>(null);
  const [editNotice, setEditNotice] = useState<string | null>(null);

  const clearEdit = () => {
    setEditFailure(null);
    setEditNotice(null);
  };

  const changeAllocation = async (w: TradingWallet, bps: number): Promise<string | null> => {
    add.reset();
    remove.reset();
    clearEdit();
    const removed = await remove.run({ vaultId, index: w.index });
    if (!removed.success) {
      // Said under the edited field (and in the toast), not again under the table as a refused removal.
      remove.reset();
      return `The allocation was not changed: ${removed.message}`;
    }
    const added = await add.run({ vaultId, wallet: w.walletAddress, walletType: w.walletType, allocation: bps });
    const name = `${w.walletType} (${shortenAddress(w.walletAddress)})`;
    if (added.success) setEditNotice(`New allocation of ${name}: ${bpsToPercent(bps)}. ${added.message}`);
    else
      setEditFailure(
        `${name} was removed but not added back with ${bpsToPercent(bps)}: ${added.message} Add it again with the form below.`,
      );
    return null;
  };

  return { changeAllocation, editFailure, editNotice, clearEdit };
}

/** The vault's trading wallets: type, address, allocation (edited in place) and Remove; their total. */
function TradingWalletsTable({
  wallets,
  vaultName,
  total,
  busy,
  canRemove,
  pendingIndex,
  onEdit,
  onRemove,
}: {
  wallets: readonly TradingWallet[];
  vaultName: string;
  total: number;
  busy: boolean;
  canRemove: boolean;
  pendingIndex: number | null;
  onEdit: (wallet: TradingWallet, bps: number) => Promise<string | null>;
  onRemove: (wallet: TradingWallet, opener: HTMLElement) => void;
}) {
  return (
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
          {wallets.map((w) => (
            <tr key={`${w.walletAddress}-${w.index}`}>
              <TradingWalletCells wallet={w} />
              <td className="num">
                <AllocationCell
                  wallet={w}
                  othersBps={total - Number(w.allocation)}
                  disabled={busy}
                  onSave={(bps) => onEdit(w, bps)}
                />
              </td>
              <td className="num">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy || !canRemove}
                  aria-label={`Remove trading wallet ${w.walletType} (${shortenAddress(w.walletAddress)})`}
                  aria-expanded={pendingIndex === w.index}
                  onClick={(event) => onRemove(w, event.currentTarget)}
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
  );
}

/** Adds a trading wallet: its address, type and allocation in per cent (basis points for the contract), checked first. */
function AddTradingWalletForm({
  total,
  busy,
  onAdd,
}: {
  /** The vault's wallets' allocations now, in basis points: the new one may bring them to 100% at most. */
  total: number;
  busy: boolean;
  onAdd: (parameters: { wallet: string; walletType: string; bps: number }) => Promise<{ success: boolean }>;
}) {
  const [wallet, setWallet] = useState("");
  const [walletType, setWalletType] = useState("");
  const [allocation, setAllocation] = useState("");
  const [errors, setErrors] = useState<{ wallet?: string; walletType?: string; allocation?: string }>({});
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAllocationPercent(allocation, total);
    const next = {
      ...(addressError(wallet) ? { wallet: addressError(wallet) as string } : {}),
      ...(!walletType.trim() || new TextEncoder().encode(walletType.trim()).length > 31
        ? { walletType: "Enter a wallet type of 1 to 31 characters." }
        : {}),
      ...("error" in parsed ? { allocation: parsed.error } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || "error" in parsed) return;
    const result = await onAdd({ wallet, walletType, bps: parsed.bps });
    if (result.success) {
      setWallet("");
      setWalletType("");
      setAllocation("");
    }
  };

  return (
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
      <Field label="Allocation (%)" error={errors.allocation}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="decimal"
            placeholder="60"
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
  );
}
