import { ADMIN_ROLE, GUARDIAN_ROLE, hasFundRole } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { CHAIN_KEY } from "../lib/queryKeys";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";
import { useWalletStatus } from "./useWalletStatus";

/** Query-key names of the roles the app asks about (kept as they were: `is-admin`, `is-guardian`). */
const ROLE_KEYS = { [ADMIN_ROLE]: "is-admin", [GUARDIAN_ROLE]: "is-guardian" } as const;

/**
 * Whether the connected wallet holds `role` on the fund. Without a wallet the state is ready and the answer no, with
 * no request (spec section 4).
 */
export function useFundRole(role: typeof ADMIN_ROLE | typeof GUARDIAN_ROLE): { holds: boolean; isReady: boolean } {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const { account } = useWalletStatus();
  const query = useQuery({
    queryKey: [CHAIN_KEY, "admin", ROLE_KEYS[role], account ?? null],
    queryFn: () => hasFundRole(client, { deployment, account }, role),
    enabled: Boolean(account),
    staleTime: 30_000,
  });
  if (!account) return { holds: false, isReady: true };
  return { holds: query.data === true, isReady: !query.isPending };
}
