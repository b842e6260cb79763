import { type Address, encodeAbiParameters, encodePacked, type Hex, keccak256 } from "viem";
import { sign } from "viem/accounts";

/** What the gateway signs: one answer to one request, for one resolver, until `expires`. */
export type CcipSignParameters = {
  /** The `OffchainResolver` the answer is for (the lookup's `sender`). */
  resolver: Address;
  /** Unix seconds after which the resolver refuses the answer. */
  expires: bigint;
  /** The lookup's `callData` (the `resolve(name, data)` call). */
  request: Hex;
  /** The ABI-encoded answer. */
  result: Hex;
};

/**
 * The digest the resolver checks (`OffchainResolver.signatureHash`):
 * `keccak256(0x1900 ‖ resolver ‖ expires ‖ keccak256(request) ‖ keccak256(result))`.
 */
export function ccipSignatureHash({ resolver, expires, request, result }: CcipSignParameters): Hex {
  return keccak256(
    encodePacked(
      ["bytes2", "address", "uint64", "bytes32", "bytes32"],
      ["0x1900", resolver, expires, keccak256(request), keccak256(result)],
    ),
  );
}

/**
 * The gateway's answer body `data`: `abi.encode(bytes result, uint64 expires, bytes signature)`, the signature
 * being the raw secp256k1 signature (r ‖ s ‖ v) of `ccipSignatureHash` by `signerKey`.
 */
export async function signCcipAnswer(parameters: CcipSignParameters & { signerKey: Hex }): Promise<Hex> {
  const signature = await sign({ hash: ccipSignatureHash(parameters), privateKey: parameters.signerKey, to: "hex" });
  return encodeAbiParameters(
    [{ type: "bytes" }, { type: "uint64" }, { type: "bytes" }],
    [parameters.result, parameters.expires, signature],
  );
}
