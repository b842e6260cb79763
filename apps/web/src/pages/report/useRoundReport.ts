import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { reportFingerprint, roundReportCheckQuery, roundReportQuery } from "./report.queries";

/**
 * A round's report as the API serves it (`report`), then checked against the chain (`check`, once the text is
 * there). Both are TanStack queries: loading, errors and retries are theirs.
 */
export function useRoundReport(vaultId: string, poolId: string, enabled: boolean) {
  const { apiUrl, deployment } = useAppConfig();
  const client = useFundClient();
  const report = useQuery({ ...roundReportQuery(apiUrl, vaultId, poolId), enabled });
  const fingerprint = useMemo(() => reportFingerprint(report.data), [report.data]);
  const check = useQuery(roundReportCheckQuery(client, deployment, { vaultId, poolId }, report.data, fingerprint));
  return { report, check };
}
