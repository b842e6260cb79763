import { type DepositStatus, getDepositStatus, type LiveVault } from "@fundament/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { CHAIN_KEY } from "../../shared/lib/queryKeys";

/** What the fund's caps say about a deposit, from its own `getDepositStatus`. */
export type CapCheck = {
  /** The cap's refusal in the catalogue's words ("at most 3,000 mUSDC more fits…"); null when no cap stops it. */
  refusal: string | null;
  /** How much more the caps let the account deposit into this round; null: no cap (or not known yet). */
  available: bigint | null;
};

const CAP_STATUSES: ReadonlySet<DepositStatus["status"]> = new Set(["vaultCapReached", "aboveInvestorCap"]);

/**
 * The vault's caps for `account` depositing `units`, asked of the fund itself (`getDepositStatus`, the same checks as
 * `invest`), so a cap's refusal and the room left are said before any prompt. Asked only of a vault with a cap; the
 * answer for the amount as typed is used only once it is for that amount (the previous one shows meanwhile, for the
 * room).
 */
export function useDepositCheck(
  vault: Pick<LiveVault, "vaultId" | "caps" | "status">,
  account: Address | undefined,
  units: bigint | null,
  context: { decimals: number; symbol: string },
): CapCheck {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const capped = vault.caps.depositCap !== null || vault.caps.investorCap !== null;
  const amount = units ?? 0n;
  const query = useQuery({
    // The token's symbol and decimals are in the key: the refusal is written with them, so one asked before the token
    // was read (no symbol yet) is asked again once it is, not kept as "at most 4100 more".
    queryKey: [
      CHAIN_KEY,
      "depositStatus",
      vault.vaultId,
      account ?? null,
      amount.toString(),
      context.decimals,
      context.symbol,
    ] as const,
    queryFn: async () => ({
      amount,
      symbol: context.symbol,
      decimals: context.decimals,
      status: await getDepositStatus(client, {
        deployment,
        vaultId: vault.vaultId,
        account: account as Address,
        amount,
        context,
      }),
    }),
    // Asked once the token is read: a refusal says its amount in the token ("500 mUSDC", not "500").
    enabled: capped && Boolean(account) && vault.status === "open" && context.symbol !== "",
    placeholderData: keepPreviousData,
  });
  if (!capped || !query.data) return { refusal: null, available: null };
  const { status } = query.data;
  // The previous answer shows while the next is asked (keepPreviousData): its refusal is used only if it was written
  // for this amount and with this token's symbol and decimals (one asked before the token was read has no symbol).
  const { data } = query;
  const current =
    units !== null && data.amount === units && data.symbol === context.symbol && data.decimals === context.decimals;
  return {
    refusal: current && CAP_STATUSES.has(status.status) ? status.message : null,
    available: status.available,
  };
}
