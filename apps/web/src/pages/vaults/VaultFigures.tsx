import type { LiveVault } from "@fundament/sdk";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useVaultPerformance } from "../../shared/hooks/useFundQueries";
import { formatNumber, formatPercent, formatUsd, timeLeft } from "../../shared/lib/format";
import { apyIsDemo, rewardsNote, unlockText } from "./vaults.helpers";

/** Time left until a locked round unlocks, on the chain's clock. */
function UnlockCountdown({ lockupEndTime }: { lockupEndTime: number }) {
  const now = useChainTime();
  if (now === undefined) return null;
  return (
    <span className="figure__note" data-testid="unlock-countdown">
      {timeLeft(lockupEndTime, now, "Lockup ended")}
    </span>
  );
}

/**
 * A vault's live figures (spec section 2): APY, yield, TVL (what the vault manages now: the open round's deposits
 * or the locked round's principal), rewards (investors' profit net of the fund's share over the settled rounds, the
 * gross beside it), unlock date of the current round (with a countdown while locked) and lock period in days.
 * Shared by the vault cards and the vault page. An APY computed from the API's demo data says so, as does one from
 * the fallback yield.
 */
export function VaultFigures({ vault, variant }: { vault: LiveVault; variant?: "hero" }) {
  const performance = useVaultPerformance();
  const demo = apyIsDemo(vault, performance.data);
  return (
    <dl className={variant === "hero" ? "figures figures--hero" : "figures"}>
      <div className="figure figure--accent">
        <dt>APY</dt>
        <dd>
          {formatPercent(vault.apyPercent)}
          {!vault.apyFromPerformance && <span className="figure__note"> (fallback)</span>}
          {demo && (
            <span className="figure__note" data-testid="apy-demo">
              {" (demo data)"}
            </span>
          )}
        </dd>
      </div>
      <div className="figure">
        <dt>Yield</dt>
        <dd>{formatPercent(vault.yield * 100)}</dd>
      </div>
      <div className="figure">
        <dt>TVL</dt>
        <dd data-testid={variant === "hero" ? "vault-tvl" : undefined}>{formatUsd(vault.tvlUsd)}</dd>
      </div>
      <div className="figure">
        <dt>Rewards</dt>
        <dd>
          <span data-testid={variant === "hero" ? "vault-rewards" : undefined}>{formatUsd(vault.rewardsUsd)}</span>
          <br />
          <span className="figure__note">{rewardsNote(vault)}</span>
        </dd>
      </div>
      <div className="figure">
        <dt>Unlock date</dt>
        <dd>
          {unlockText(vault)}
          {vault.status === "locked" && (
            <>
              <br />
              <UnlockCountdown lockupEndTime={vault.lockupEndTime} />
            </>
          )}
        </dd>
      </div>
      <div className="figure">
        <dt>Lock period</dt>
        <dd>{`${formatNumber(vault.lockPeriodDays)} days`}</dd>
      </div>
    </dl>
  );
}
