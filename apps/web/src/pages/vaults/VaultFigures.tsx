import type { LiveVault } from "@fundament/sdk";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useVaultPerformance } from "../../shared/hooks/useFundQueries";
import { formatNumber, formatPercent, formatUsd, timeLeft } from "../../shared/lib/format";
import styles from "./VaultFigures.module.css";
import { estimatedApySource, historicalFigure, rewardsLabel, rewardsNote, unlockText } from "./vaults.helpers";

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

/** The headline: the vault's own APY over its settled rounds, net of fees (their return while they are short). */
function HistoricalApy({ vault, variant }: { vault: LiveVault; variant?: "hero" | undefined }) {
  const figure = historicalFigure(vault);
  return (
    <div className={variant === "hero" ? "figure figure--accent" : `figure figure--accent ${styles.headline}`}>
      <dt>{figure.label}</dt>
      <dd>
        <span data-testid={variant === "hero" ? "vault-historical-apy" : undefined}>{figure.text}</span>
        <br />
        <span className="figure__note">{figure.note}</span>
      </dd>
    </div>
  );
}

/** The spec's APY, with where it comes from: the trading account's performance data, demo data or the fallback. */
function EstimatedApy({ vault }: { vault: LiveVault }) {
  const performance = useVaultPerformance();
  const source = estimatedApySource(vault, performance.data);
  return (
    <div className="figure">
      <dt>Estimated APY</dt>
      <dd>
        {formatPercent(vault.apyPercent)}{" "}
        <span className="figure__note" data-testid={source === "demo data" ? "apy-demo" : undefined}>
          ({source})
        </span>
      </dd>
    </div>
  );
}

/** Investors' result net of fees over the settled rounds ("Net result" when it is a loss), the gross beside it. */
function Rewards({ vault, variant }: { vault: LiveVault; variant?: "hero" | undefined }) {
  return (
    <div className="figure">
      <dt>{rewardsLabel(vault)}</dt>
      <dd>
        <span data-testid={variant === "hero" ? "vault-rewards" : undefined}>{formatUsd(vault.rewardsUsd)}</span>
        <br />
        <span className="figure__note">{rewardsNote(vault)}</span>
      </dd>
    </div>
  );
}

/**
 * A vault's figures. The headline is its own historical APY: its settled rounds' returns net of fees, compounded and
 * annualised. Then the spec's figures (section 2): the APY, labelled "Estimated APY" with its source (the trading
 * account's performance data, the API's demo data, or the fallback yield), the fallback yield itself, TVL (what the
 * vault manages now: the open round's deposits or the locked round's principal), rewards (investors' result net of
 * fees over the settled rounds, "Net result" when a loss, the result before fees beside it), unlock date of the
 * current round (with a countdown while locked) and lock period in days. Shared by the vault cards and the vault page.
 */
export function VaultFigures({ vault, variant }: { vault: LiveVault; variant?: "hero" }) {
  return (
    <dl className={variant === "hero" ? "figures figures--hero" : "figures"}>
      <HistoricalApy vault={vault} variant={variant} />
      <EstimatedApy vault={vault} />
      <div className="figure">
        <dt>Fallback yield</dt>
        <dd>{formatPercent(vault.yield * 100)}</dd>
      </div>
      <div className="figure">
        <dt>TVL</dt>
        <dd data-testid={variant === "hero" ? "vault-tvl" : undefined}>{formatUsd(vault.tvlUsd)}</dd>
      </div>
      <Rewards vault={vault} variant={variant} />
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
