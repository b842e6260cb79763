import { type AdminWallet, grantAdmin, revokeAdmin, toUserMessage } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { shortenAddress } from "../../shared/lib/format";
import { AddressForm } from "./AddressForm";
import { AdminConfirmPanel, useReturnFocus } from "./AdminConfirm";
import { adminsQuery } from "./admin.queries";
import { grantAdminEffect, revokeAdminEffect } from "./effects.helpers";
import { WriteError } from "./WriteError";

/**
 * The admin list, with grant and revoke, each after the admin confirmation naming the wallet and what the role can do
 * (the last admin cannot be revoked); a refusal shows under the control that asked.
 */
export function AdminsSection() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const admins = useQuery(adminsQuery(client, deployment));
  const { account } = useWalletStatus();
  const grant = useFundAction(grantAdmin);
  const revoke = useFundAction(revokeAdmin);
  const busy = grant.state.status === "pending" || revoke.state.status === "pending";
  const [pending, setPending] = useState<AdminWallet | null>(null);
  const focus = useReturnFocus();
  const onlyOne = admins.data?.length === 1;
  return (
    <section className="card" aria-labelledby="admins-title">
      <h2 id="admins-title" ref={grant.resultRef}>
        Admins
      </h2>
      {admins.isPending ? (
        <Skeleton height="4rem" />
      ) : admins.isError ? (
        <p className="error-text">{toUserMessage(admins.error)}</p>
      ) : (
        <ul className="list" aria-label="Admin wallets">
          {admins.data.map((admin) => (
            <li key={admin.address} className="list__item">
              <span className="list__main">
                <strong>{admin.name}</strong> <AddressName address={admin.address} />
                {admin.address === account && <span className="tag">you</span>}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy || onlyOne}
                aria-label={`Revoke admin ${admin.name} (${shortenAddress(admin.address)})`}
                aria-expanded={pending?.address === admin.address}
                onClick={(event) => {
                  focus.remember(event.currentTarget);
                  setPending(admin);
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <WriteError state={revoke.state} what="The admin role was not revoked:" />
      {onlyOne && (
        <p className="muted small">The fund's only admin cannot be revoked: grant the role to another wallet first.</p>
      )}
      {pending &&
        (() => {
          const { effect, detail } = revokeAdminEffect({ ...pending, self: pending.address === account });
          return (
            <AdminConfirmPanel
              effect={effect}
              confirmLabel="Confirm revocation"
              onCancel={() => {
                setPending(null);
                focus.restore();
              }}
              onConfirm={() => {
                setPending(null);
                focus.restore();
                grant.reset();
                void revoke.run({ account: pending.address });
              }}
            >
              <p>{detail}</p>
            </AdminConfirmPanel>
          );
        })()}
      <AddressForm
        label="New admin wallet address"
        busy={busy}
        actions={[
          {
            label: "Grant admin",
            failed: "The admin role was not granted:",
            confirm: (address) => {
              const { effect, detail } = grantAdminEffect(address);
              return { effect, detail: <p>{detail}</p>, confirmLabel: "Confirm grant" };
            },
            onSubmit: (address) => {
              revoke.reset();
              return grant.run({ account: address });
            },
          },
        ]}
      />
      <TxStatus state={grant.state} />
      <TxStatus state={revoke.state} />
    </section>
  );
}
