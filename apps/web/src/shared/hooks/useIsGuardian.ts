import { isGuardian } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { CHAIN_KEY } from "../lib/queryKeys";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";
import { useWalletStatus } from "./useWalletStatus";

/** Whether the connected wallet is one of the fund's guardians; ready and not a guardian without a wallet. */
export function useIsGuardian(): { isGuardian: boolean; isReady: boolean } {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const { account } = useWalletStatus();
  const query = useQuery({
    queryKey: [CHAIN_KEY, "admin", "is-guardian", account ?? null],
    queryFn: () => isGuardian(client, { deployment, account }),
    enabled: Boolean(account),
    staleTime: 30_000,
  });
  if (!account) return { isGuardian: false, isReady: true };
  return { isGuardian: query.data === true, isReady: !query.isPending };
}
