import { useQuery } from "@tanstack/react-query";
import { readContract } from "viem/actions";
import { CHAIN_KEY } from "../lib/queryKeys";
import { useAppConfig } from "./useAppConfig";
import { useFundClient } from "./useFundClient";

/** The one function of the fund this read needs (not the whole ABI: the banner loads on every page). */
const emergencyStateAbi = [
  {
    type: "function",
    name: "emergencyState",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

/**
 * Whether the fund's emergency state is on. A chain read under `chain`, so the live-data watcher's invalidation
 * (any fund event, `EmergencyStateChanged` included) refreshes it; `data` is undefined while loading or when the RPC
 * cannot be reached (the pages report that themselves).
 */
export function useEmergencyState() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  return useQuery({
    queryKey: [CHAIN_KEY, "emergency-state", deployment.investmentFund],
    queryFn: () =>
      readContract(client, {
        address: deployment.investmentFund,
        abi: emergencyStateAbi,
        functionName: "emergencyState",
      }),
  });
}
