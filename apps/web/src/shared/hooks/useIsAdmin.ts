import { isAdmin } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { CHAIN_KEY } from "../lib/queryKeys";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";
import { useWalletStatus } from "./useWalletStatus";

/**
 * Whether the connected wallet holds the admin role. Without a wallet the state is ready and not
 * admin (spec section 4), with no request.
 */
export function useIsAdmin(): { isAdmin: boolean; isReady: boolean } {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const { account } = useWalletStatus();
  const query = useQuery({
    queryKey: [CHAIN_KEY, "admin", "is-admin", account ?? null],
    queryFn: () => isAdmin(client, { deployment, account }),
    enabled: Boolean(account),
    staleTime: 30_000,
  });
  if (!account) return { isAdmin: false, isReady: true };
  return { isAdmin: query.data === true, isReady: !query.isPending };
}
