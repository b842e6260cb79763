import { type Hex, isAddress, isAddressEqual } from "viem";
import { HttpError } from "../http/errors.js";
import { answerResolverQuery, type NameRecords } from "./ccipAnswer.js";
import type { CcipConfig } from "./ccipConfig.js";
import { decodeResolveRequest } from "./ccipRequest.js";
import { signCcipAnswer } from "./ccipSign.js";

/** One CCIP-Read request (EIP-3668): the resolver that reverted `OffchainLookup` and its `callData`. */
export type CcipGatewayRequest = { sender: string; data: string };

export type AnswerCcipRequestParameters = CcipGatewayRequest & {
  config: CcipConfig;
  /** The registered name's records, or undefined when the name is not registered. */
  lookup: (fullName: string) => Promise<NameRecords | undefined>;
  /** Unix seconds now (the answer expires `config.ttlSeconds` later). */
  nowSeconds: number;
};

/**
 * Answers a CCIP-Read request for our `OffchainResolver`: decodes `resolve(name, data)`, reads the name, answers
 * `addr` / `addr(coinType)` / `text` and signs the answer for the resolver. An unregistered name is answered, signed,
 * with the zero address / empty bytes / empty text, as ENS resolvers answer a missing record.
 * Throws an HttpError: 400 for malformed input, 404 for another resolver or an unsupported function.
 * @returns The response body's `data`: `abi.encode(bytes result, uint64 expires, bytes signature)`.
 */
export async function answerCcipRequest({
  sender,
  data,
  config,
  lookup,
  nowSeconds,
}: AnswerCcipRequestParameters): Promise<Hex> {
  if (!isAddress(sender, { strict: false })) throw new HttpError(400, "sender must be a 0x address");
  if (!isAddressEqual(sender, config.resolverAddress))
    throw new HttpError(404, `This gateway answers only for the resolver ${config.resolverAddress}`);
  const { name, query } = decodeResolveRequest(data);
  const records = await lookup(name);
  const result = answerResolverQuery(records, query);
  return signCcipAnswer({
    signerKey: config.signerKey,
    resolver: config.resolverAddress,
    expires: BigInt(Math.floor(nowSeconds) + config.ttlSeconds),
    request: data as Hex,
    result,
  });
}
