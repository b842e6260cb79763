import { GUARDIAN_ROLE } from "@fundament/sdk";
import { useFundRole } from "./useFundRole";

/** Whether the connected wallet is one of the fund's guardians; ready and not a guardian without a wallet. */
export function useIsGuardian(): { isGuardian: boolean; isReady: boolean } {
  const { holds, isReady } = useFundRole(GUARDIAN_ROLE);
  return { isGuardian: holds, isReady };
}
