import { toUserMessage } from "@fundament/sdk";
import { Skeleton } from "../../shared/components/Skeleton";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundSettings, useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { formatTokenAmount } from "../vault/invest.helpers";
import { bpsToPercent } from "./admin.helpers";

/** The fund-level settings on the contract (spec section 3). */
export function FundSettingsSection() {
  const { deployment } = useAppConfig();
  const settings = useFundSettings();
  const token = useInvestmentToken();
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Fund settings</h2>
      {settings.isError ? (
        <p className="error-text">{toUserMessage(settings.error)}</p>
      ) : !settings.data || !token.data ? (
        <Skeleton height="8rem" />
      ) : (
        <dl className="kv">
          <div>
            <dt>Fund contract</dt>
            <dd className="mono">{deployment.investmentFund}</dd>
          </div>
          <div>
            <dt>Fund wallet</dt>
            <dd className="mono">{settings.data.fundWallet}</dd>
          </div>
          <div>
            <dt>Investment token</dt>
            <dd>
              {token.data.name} ({token.data.symbol}, {token.data.decimals} decimals){" "}
              <span className="mono">{token.data.address}</span>
            </dd>
          </div>
          <div>
            <dt>Minimum investment</dt>
            <dd>{formatTokenAmount(settings.data.minimumInvestment, token.data.decimals, token.data.symbol)}</dd>
          </div>
          <div>
            <dt>Lockup period duration</dt>
            <dd>
              {(Number(settings.data.lockupPeriodDuration) / 86_400).toLocaleString("en-US", {
                maximumFractionDigits: 2,
              })}{" "}
              days
            </dd>
          </div>
          <div>
            <dt>Emergency state</dt>
            <dd>{settings.data.emergencyState ? "On" : "Off"}</dd>
          </div>
          <div>
            <dt>Proposals</dt>
            <dd>{settings.data.proposalCount.toString()}</dd>
          </div>
          <div>
            <dt>Current pool</dt>
            <dd>#{settings.data.currentPool.poolId.toString()}</dd>
          </div>
          <div>
            <dt>Profit split</dt>
            <dd>
              Fund {bpsToPercent(settings.data.fundProfitPercentage)}, pool{" "}
              {bpsToPercent(settings.data.poolProfitPercentage)} (of {settings.data.basisPoints.toString()} basis
              points)
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
