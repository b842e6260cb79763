import {
  type BuiltRoundReport,
  type EndLockupPeriodParameters,
  requestRoundReport,
  type WriteContext,
} from "@fundament/sdk";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import type { UseFundActionReturnType } from "../../shared/hooks/useFundAction";
import { withTimeout } from "../../shared/lib/fundQueries";
import { reportBuildKey } from "./admin.queries";
import {
  checkBuiltReport,
  type ManualItemDraft,
  manualItemProblems,
  manualItemsOf,
  reportBuildFailure,
} from "./settle.helpers";

/** How long the API may take to build a report (it reads the chain's logs and the exchange). */
const BUILD_TIMEOUT_MS = 60_000;

/** Where a settlement is: its report built, the first confirmation (every settlement), then the second for a loss. */
export type Settling = { stage: "confirm" | "loss"; totalReturned: bigint; built: BuiltRoundReport };

export type SettleEndAction = UseFundActionReturnType<Omit<EndLockupPeriodParameters, keyof WriteContext>>;

export type UseSettleFlowParameters = {
  vaultId: number;
  /** The round's pool id: its report is asked for. */
  poolId: bigint;
  principal: bigint;
  /** What was collected: the total returned the settlement sends (and the report must claim). */
  collected: bigint;
  token: { decimals: number; symbol: string };
  end: SettleEndAction;
};

/**
 * Settling a round with its report: the admin's declared items (checked before any request), then the API asked to
 * build the round's report (a mutation: pending shows "Building the round's report…", a refusal or an API out of
 * reach is its error, and nothing is sent), the built report checked (its hash is its own, it is this round's, its
 * total is what was collected), the confirmation showing it, the loss confirmation below the principal, and
 * `endLockupPeriod` with the report's hash.
 */
export function useSettleFlow({ vaultId, poolId, principal, collected, token, end }: UseSettleFlowParameters) {
  const { apiUrl } = useAppConfig();
  const [drafts, setDrafts] = useState<ManualItemDraft[]>([]);
  const [showProblems, setShowProblems] = useState(false);
  const [settling, setSettling] = useState<Settling | null>(null);
  const problems = useMemo(
    () => manualItemProblems(drafts, { token, totalReturned: collected }),
    [drafts, token, collected],
  );

  const build = useMutation({
    mutationKey: reportBuildKey(vaultId),
    retry: false,
    networkMode: "always",
    mutationFn: async (input: { poolId: bigint; totalReturned: bigint; drafts: readonly ManualItemDraft[] }) => {
      const built = await requestRoundReport(
        apiUrl,
        { vaultId, poolId: input.poolId, manualItems: manualItemsOf(input.drafts) },
        { signal: withTimeout(undefined, BUILD_TIMEOUT_MS) },
      );
      checkBuiltReport(built, { vaultId, poolId: input.poolId, totalReturned: input.totalReturned, token });
      return { built, totalReturned: input.totalReturned };
    },
    onSuccess: ({ built, totalReturned }) => setSettling({ stage: "confirm", built, totalReturned }),
  });

  /** "End lockup period": the declared items checked, then the report asked for (no wallet prompt yet). */
  const begin = () => {
    end.reset();
    setShowProblems(true);
    if (!problems.ok || build.isPending) return false;
    build.mutate({ poolId, totalReturned: collected, drafts });
    return true;
  };

  /** The first confirmation: a loss goes on to its own confirmation; else the settlement is sent with the hash. */
  const confirm = () => {
    if (!settling) return;
    if (settling.totalReturned < principal) {
      setSettling({ ...settling, stage: "loss" });
      return;
    }
    send(settling, false);
  };

  /** The loss confirmed: sent as a confirmed loss. */
  const confirmLoss = () => {
    if (settling) send(settling, true);
  };

  const send = ({ totalReturned, built }: Settling, atLoss: boolean) => {
    setSettling(null);
    build.reset();
    setShowProblems(false);
    void end
      .run({ vaultId, totalReturned, reportHash: built.hash, ...(atLoss ? { confirmLoss: true } : {}) })
      .then((result) => {
        if (result.success) setDrafts([]);
      });
  };

  const cancel = () => {
    setSettling(null);
    build.reset();
  };

  return {
    drafts,
    setDrafts,
    problems,
    showProblems,
    settling,
    building: build.isPending,
    buildError: build.isError ? reportBuildFailure(build.error) : null,
    begin,
    confirm,
    confirmLoss,
    cancel,
  };
}
