import { claimFundFees, toUserMessage } from "@fundament/sdk";
import { TokenAmount } from "../../shared/components/Amount";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundSettings, useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { bpsToPercent } from "./admin.helpers";
import { WriteError } from "./WriteError";

/**
 * The fund-wide settings (spec section 3), the same for every vault, and the fund's share of profits accrued for
 * the fund wallet, with the Claim that sends it there (anyone may call it).
 */
export function FundSettingsSection() {
  const { deployment } = useAppConfig();
  const settings = useFundSettings();
  const token = useInvestmentToken();
  const claim = useFundAction(claimFundFees);
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Fund settings</h2>
      {settings.isError ? (
        <p className="error-text">{toUserMessage(settings.error)}</p>
      ) : !settings.data || !token.data ? (
        <Skeleton height="8rem" />
      ) : (
        <>
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
              <dt>Vaults</dt>
              <dd>{settings.data.vaultCount.toString()}</dd>
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
              <dt>Profit split</dt>
              <dd>
                Fund {bpsToPercent(settings.data.fundProfitPercentage)}, pool{" "}
                {bpsToPercent(settings.data.poolProfitPercentage)} of a round's profit
              </dd>
            </div>
            <div>
              <dt>Fund fees accrued</dt>
              <dd data-testid="fund-fees-accrued">
                <TokenAmount
                  units={settings.data.fundFeesAccrued}
                  decimals={token.data.decimals}
                  symbol={token.data.symbol}
                />
              </dd>
            </div>
          </dl>
          <div className="inline-form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={settings.data.fundFeesAccrued === 0n || claim.state.status === "pending"}
              aria-busy={claim.state.status === "pending"}
              onClick={() => void claim.run({})}
            >
              Claim fund fees
            </button>
          </div>
          <WriteError state={claim.state} what="The fund fees were not claimed:" />
          <p className="field__hint">
            {settings.data.fundFeesAccrued === 0n
              ? "No fund fees have accrued since the last claim."
              : "Sends the fund's accrued share of the rounds' profits to the fund wallet."}
          </p>
        </>
      )}
      <TxStatus state={claim.state} />
    </section>
  );
}
