/** Checks an approval method's params: a malformed request is refused before anything is shown. */
import {
  type Address,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  type TypedDataDefinition,
} from "viem";
import { RpcError } from "../rpc.js";
import type { ApprovalRequest } from "./types.js";

function invalidParams(message: string): never {
  throw new RpcError(-32602, message);
}

function ownAccount(value: unknown, account: Address): void {
  if (typeof value !== "string" || !isAddress(value, { strict: false }) || !isAddressEqual(value, account)) {
    throw new RpcError(4100, "The requested account is not this wallet's account.");
  }
}

function quantity(value: unknown, what: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !isHex(value)) invalidParams(`${what} must be a hex quantity`);
  return hexToBigInt(value);
}

export function parseApprovalRequest(method: string, params: unknown, account: Address): ApprovalRequest {
  if (!Array.isArray(params)) invalidParams("params must be an array");
  if (method === "personal_sign") {
    const [message, address] = params;
    ownAccount(address, account);
    if (typeof message !== "string" || !isHex(message)) invalidParams("the message must be hex");
    return { method, message };
  }
  if (method === "eth_signTypedData_v4") {
    const [address, raw] = params;
    ownAccount(address, account);
    let parsed: unknown;
    try {
      parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
    } catch {
      invalidParams("the typed data is not JSON");
    }
    const typed = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
    if (typeof typed.primaryType !== "string" || typeof typed.types !== "object" || typed.types === null) {
      invalidParams("the typed data needs types and a primaryType");
    }
    const { EIP712Domain: _domainType, ...types } = typed.types as Record<string, unknown>;
    if (!(typed.primaryType in types) && typed.primaryType !== "EIP712Domain") {
      invalidParams(`the typed data has no type ${typed.primaryType}`);
    }
    const typedData = {
      domain: (typed.domain ?? {}) as TypedDataDefinition["domain"],
      types: types as TypedDataDefinition["types"],
      primaryType: typed.primaryType,
      message: (typed.message ?? {}) as Record<string, unknown>,
    } as TypedDataDefinition;
    return { method, typedData };
  }
  if (method === "eth_sendTransaction") {
    const tx = (typeof params[0] === "object" && params[0] !== null ? params[0] : undefined) as
      | Record<string, unknown>
      | undefined;
    if (!tx) invalidParams("the transaction is missing");
    if (tx.from !== undefined) ownAccount(tx.from, account);
    if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== "string" || !isAddress(tx.to, { strict: false }))) {
      invalidParams("to must be an address");
    }
    const data = tx.data ?? tx.input;
    if (data !== undefined && (typeof data !== "string" || !isHex(data))) invalidParams("data must be hex");
    const to = typeof tx.to === "string" ? getAddress(tx.to) : undefined;
    if (!to && (!data || data === "0x")) invalidParams("a transaction needs a recipient or data");
    const gas = quantity(tx.gas, "gas");
    return {
      method,
      transaction: {
        ...(to ? { to } : {}),
        value: quantity(tx.value, "value") ?? 0n,
        ...(typeof data === "string" && data !== "0x" ? { data: data as Hex } : {}),
        ...(gas !== undefined ? { gas } : {}),
      },
    };
  }
  throw new RpcError(4200, "Requested RPC call is not allowed");
}
