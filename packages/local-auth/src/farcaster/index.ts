// `@fundament/local-auth/farcaster`: a local stand-in for Farcaster's auth relay and for the person's Farcaster app,
// with an IdRegistry stand-in on anvil, so Sign In With Farcaster runs end to end without any outside host.

export {
  ID_REGISTRY_ADDRESS,
  type InstalledIdRegistry,
  type InstallIdRegistryOptions,
  installIdRegistry,
  MOCK_ID_REGISTRY_ARTIFACT,
  mockIdRegistryAbi,
  mockIdRegistryRuntimeCode,
} from "./registry.js";
export {
  CHANNEL_TTL_MS,
  type FarcasterAccount,
  type FarcasterRelay,
  type FarcasterRelayOptions,
  LOCAL_CUSTODY_PRIVATE_KEY,
  LOCAL_FARCASTER_ACCOUNT,
  startFarcasterRelay,
} from "./relay.js";
