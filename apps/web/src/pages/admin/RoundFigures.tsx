import type { InvestmentToken, VaultSettings } from "@fundament/sdk";
import { formatDate, formatTokenAmount } from "../../shared/lib/format";
import { roundLabel } from "../vaults/vaults.helpers";
import { secondsToDays } from "./admin.helpers";

/** A vault's current round in figures: which round, its principal (or deposits), its state, and its lockup. */
export function RoundFigures({ vault, token }: { vault: VaultSettings; token: InvestmentToken }) {
  const { currentPool, round, lockupPeriodDuration } = vault;
  const amount = (units: bigint) => formatTokenAmount(units, token.decimals, token.symbol);
  return (
    <dl className="figures figures--compact">
      <div className="figure">
        <dt>Current round</dt>
        <dd>
          {roundLabel(round)}
          <br />
          <span className="figure__note">pool #{currentPool.poolId.toString()}</span>
        </dd>
      </div>
      <div className="figure">
        <dt>{currentPool.isLocked ? "Principal" : "Deposits"}</dt>
        <dd data-testid="round-principal">
          {amount(currentPool.isLocked ? currentPool.preLockupTotal : currentPool.totalFunds)}
        </dd>
      </div>
      <div className="figure">
        <dt>State</dt>
        <dd>{currentPool.proposal ? "Settlement proposed" : currentPool.isLocked ? "Locked" : "Open"}</dd>
      </div>
      <div className="figure">
        <dt>{currentPool.isLocked ? "Lockup ends" : "Lock period"}</dt>
        <dd>{currentPool.isLocked ? formatDate(currentPool.lockupEndTime) : secondsToDays(lockupPeriodDuration)}</dd>
      </div>
    </dl>
  );
}
