import { type Address, getAddress, type Hex, isAddress } from "viem";
import { z } from "zod";

/** How long a signed gateway answer stays valid when CCIP_TTL_SECONDS is unset (5 minutes). */
export const CCIP_DEFAULT_TTL_SECONDS = 300;

/** The CCIP-Read gateway's settings: off (undefined in `Config`) unless both the key and the resolver are set. */
export type CcipConfig = {
  /** The gateway's signing key; its address must be one of the resolver's signers. */
  signerKey: Hex;
  /** The `OffchainResolver` whose lookups this gateway answers (answers are bound to it). */
  resolverAddress: Address;
  /** Seconds a signed answer is valid for (the resolver refuses it afterwards). */
  ttlSeconds: number;
};

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The environment variables of the gateway, spread into the API's `envSchema`. */
export const ccipEnv = {
  CCIP_SIGNER_KEY: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .refine((value) => value === undefined || /^0x[0-9a-fA-F]{64}$/.test(value), {
      message: "must be a 0x-prefixed 32-byte private key",
    }),
  CCIP_RESOLVER_ADDRESS: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .refine((value) => value === undefined || isAddress(value, { strict: false }), {
      message: "must be the OffchainResolver's 0x address",
    }),
  CCIP_TTL_SECONDS: z.preprocess(
    (value) => (typeof value === "string" && !value.trim() ? undefined : value),
    z.coerce.number().int().min(10).max(86_400).default(CCIP_DEFAULT_TTL_SECONDS),
  ),
};

/** The parsed variables `ccipConfig` reads. */
export type CcipEnv = { CCIP_SIGNER_KEY?: string; CCIP_RESOLVER_ADDRESS?: string; CCIP_TTL_SECONDS: number };

/**
 * The gateway's configuration from the parsed environment: undefined when neither variable is set; `fail` is
 * called (it throws the API's ConfigError) when only one of CCIP_SIGNER_KEY and CCIP_RESOLVER_ADDRESS is set.
 */
export function ccipConfig(env: CcipEnv, fail: (message: string) => never): CcipConfig | undefined {
  const key = env.CCIP_SIGNER_KEY;
  const resolver = env.CCIP_RESOLVER_ADDRESS;
  if (!key && !resolver) return undefined;
  if (!key || !resolver)
    fail("Invalid environment: CCIP_SIGNER_KEY and CCIP_RESOLVER_ADDRESS turn the CCIP-Read gateway on together");
  return { signerKey: key as Hex, resolverAddress: getAddress(resolver), ttlSeconds: env.CCIP_TTL_SECONDS };
}
