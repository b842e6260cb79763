export type ShouldShowUnsupportedChainParameters = {
  /** The active network's id (CAIP-2 reference or number). Undefined when not connected. */
  activeNetworkId: string | number | undefined;
  /** The networks the app requested. */
  requestedNetworkIds: readonly (string | number)[];
  enableNetworkSwitch: boolean;
  allowUnsupportedChain: boolean;
  /** The basic wallet-connect mode. */
  basic: boolean;
};

/**
 * UnsupportedChain opens when the active network is not among the requested networks, network switching is
 * enabled, unsupported chains are not allowed and the basic wallet-connect mode is off.
 */
export function shouldShowUnsupportedChain(p: ShouldShowUnsupportedChainParameters): boolean {
  if (p.activeNetworkId === undefined) return false;
  const active = String(p.activeNetworkId);
  const supported = p.requestedNetworkIds.some((id) => String(id) === active);
  return !supported && p.enableNetworkSwitch && !p.allowUnsupportedChain && !p.basic;
}
