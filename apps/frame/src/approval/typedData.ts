/** eth_signTypedData_v4 in words: a permit, a smart account's user operation, or any other type field by field. */
import { isAddress, type TypedDataDefinition } from "viem";
import type { KnownContract } from "../config.js";
import { addressLabel, formatDateTime, plain, toBigInt, unixSeconds } from "./format.js";
import { describePermit, readPermit } from "./permit.js";
import type { ApprovalSection, ReadContext, Row, ViewContent } from "./types.js";
import { describeUserOperation, readUserOperation } from "./userOperation.js";

export type TypedField = { name: string; type: string };
export type TypedTypes = Record<string, readonly TypedField[]>;

/** Field names that hold a point in time (EIP-2612, DAI, EIP-3009, Permit2 and the like). */
const TIME_FIELDS = new Set([
  "deadline",
  "expiry",
  "expiration",
  "validuntil",
  "validafter",
  "validbefore",
  "sigdeadline",
]);

/**
 * Rows for one typed-data value, structs and arrays unfolded into dotted labels ("details.token (address)"):
 * addresses of known contracts named, and times (deadline, expiry, …) shown also as dates.
 */
export function typedRows(
  types: TypedTypes,
  field: TypedField,
  value: unknown,
  label: string,
  knownContracts: readonly KnownContract[],
): Row[] {
  const array = /^(.*)\[(\d*)\]$/.exec(field.type);
  if (array && Array.isArray(value)) {
    const itemType = array[1] as string;
    return value.flatMap((item: unknown, i) =>
      typedRows(types, { name: field.name, type: itemType }, item, `${label}[${i}]`, knownContracts),
    );
  }
  const struct = types[field.type];
  if (struct && typeof value === "object" && value !== null) {
    const values = value as Record<string, unknown>;
    return struct.flatMap((inner) =>
      typedRows(types, inner, values[inner.name], `${label}.${inner.name}`, knownContracts),
    );
  }
  const row = { label: `${label} (${field.type})`, value: plain(value) };
  if (field.type === "address" && typeof value === "string" && isAddress(value, { strict: false })) {
    row.value = addressLabel(value, knownContracts);
  } else if (/^uint\d*$/.test(field.type) && TIME_FIELDS.has(field.name.toLowerCase())) {
    const seconds = toBigInt(value);
    const date = seconds === undefined ? undefined : unixSeconds(seconds);
    if (seconds !== undefined && date) row.value = `${seconds} (${formatDateTime(date)})`;
  }
  return [row];
}

export function domainRows(domain: Record<string, unknown>, knownContracts: readonly KnownContract[]): Row[] {
  return Object.entries(domain).map(([label, value]) => ({
    label,
    value:
      label === "verifyingContract" && typeof value === "string" && isAddress(value, { strict: false })
        ? addressLabel(value, knownContracts)
        : plain(value),
  }));
}

/** The domain's chainId as a number, if it names one. */
export function domainChainId(domain: Record<string, unknown>): number | undefined {
  const id = toBigInt(domain.chainId);
  return id === undefined ? undefined : Number(id);
}

/** The typed data's domain and primary type, field by field: what Details shows under a summary. */
export function typedDataSections(
  typedData: TypedDataDefinition,
  knownContracts: readonly KnownContract[],
): ApprovalSection[] {
  const { types, primaryType, message } = typedData;
  const fields = ((types as TypedTypes)[primaryType] ?? []) as readonly TypedField[];
  const values = (message ?? {}) as Record<string, unknown>;
  return [
    { heading: "Domain", rows: domainRows((typedData.domain ?? {}) as Record<string, unknown>, knownContracts) },
    {
      heading: `${primaryType}`,
      rows: fields.flatMap((field) =>
        typedRows(types as TypedTypes, field, values[field.name], field.name, knownContracts),
      ),
    },
  ];
}

export async function describeTypedData(typedData: TypedDataDefinition, context: ReadContext): Promise<ViewContent> {
  const { chain, knownContracts } = context;
  const { primaryType } = typedData;
  const raw = typedDataSections(typedData, knownContracts);
  const warnings: string[] = [];
  const signedChain = domainChainId((typedData.domain ?? {}) as Record<string, unknown>);
  const onThisChain = signedChain === undefined || signedChain === chain.id;
  if (!onThisChain) warnings.push(`This signature is for chain ${signedChain}, not ${chain.name} (chain ${chain.id}).`);
  const permit = readPermit(typedData);
  if (permit) {
    const words = await describePermit(permit, context, onThisChain);
    return { ...words, warnings: [...warnings, ...words.warnings], sections: [], details: raw };
  }
  const operation = onThisChain ? readUserOperation(typedData) : undefined;
  if (operation) {
    const view = await describeUserOperation(operation, context);
    return { ...view, warnings: [...warnings, ...view.warnings], details: [...view.details, ...raw] };
  }
  return {
    title: `Sign typed data: ${primaryType}`,
    action: `sign typed data (${primaryType})`,
    warnings,
    sections: raw,
    details: [],
  };
}
