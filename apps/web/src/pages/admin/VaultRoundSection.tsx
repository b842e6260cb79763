import { type TradingWallet, toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { LockedRound } from "./LockedRound";
import { ProposedSettlementPanel } from "./ProposedSettlementPanel";
import { RoundFigures } from "./RoundFigures";
import { StartLockup } from "./StartLockup";
import { useVaultRound } from "./useVaultRound";
import { WriteError } from "./WriteError";

/**
 * One vault's current round: its figures; start the lockup (checked first: deposits, allocations, emergency; then
 * the admin confirmation: what goes to which wallet, in tokens); collect the returns from the vault's trading wallets;
 * settle with the total returned, which is what was collected (the contract takes nothing else), and the hash of the
 * round's report, which the fund's server builds first (`SettleRound`). Settling asks the admin confirmation, showing
 * the report; below the principal (down to 0) a second, deliberate confirmation states the loss in tokens and per
 * cent, and the settlement is then sent as a confirmed loss.
 */
export function VaultRoundSection({
  vaultId,
  tradingWallets,
}: {
  vaultId: number;
  tradingWallets: readonly TradingWallet[] | undefined;
}) {
  const { deployment, vault, fund, token, returns, chainTime, start, end, busy } = useVaultRound(vaultId);
  const titleId = `round-${vaultId}-title`;

  if (vault.isError || token.isError) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <h3 id={titleId}>Round and lockup</h3>
        <p className="error-text" role="alert">
          {toUserMessage(vault.error ?? token.error)}
        </p>
      </section>
    );
  }
  if (!vault.data || !token.data || !fund.data) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <h3 id={titleId}>Round and lockup</h3>
        <Skeleton height="6rem" />
      </section>
    );
  }
  const { currentPool, round } = vault.data;

  return (
    <section className="card" aria-labelledby={titleId}>
      <h3 id={titleId}>Round and lockup</h3>
      <RoundFigures vault={vault.data} token={token.data} />
      {!currentPool.isLocked ? (
        <StartLockup
          vaultId={vaultId}
          vault={vault.data}
          token={token.data}
          tradingWallets={tradingWallets}
          emergencyState={fund.data.emergencyState}
          pending={start.state.status === "pending"}
          busy={busy}
          onStart={() => {
            end.reset();
            void start.run({ vaultId });
          }}
        />
      ) : currentPool.proposal ? (
        <ProposedSettlementPanel
          vaultId={vaultId}
          poolId={currentPool.poolId}
          round={round}
          proposal={currentPool.proposal}
          token={token.data}
          viewer="admin"
        />
      ) : (
        <LockedRound
          vaultId={vaultId}
          vault={vault.data}
          token={token.data}
          fund={deployment.investmentFund}
          emergencyState={fund.data.emergencyState}
          returns={returns}
          chainTime={chainTime}
          end={end}
          busy={busy}
          onBegin={() => start.reset()}
        />
      )}
      <TxStatus state={start.state} />
      <WriteError state={start.state} what="The lockup did not start:" />
    </section>
  );
}
