import { ADMIN_ROLE } from "@fundament/sdk";
import { useFundRole } from "./useFundRole";

/**
 * Whether the connected wallet holds the admin role. Without a wallet the state is ready and not
 * admin (spec section 4), with no request.
 */
export function useIsAdmin(): { isAdmin: boolean; isReady: boolean } {
  const { holds, isReady } = useFundRole(ADMIN_ROLE);
  return { isAdmin: holds, isReady };
}
