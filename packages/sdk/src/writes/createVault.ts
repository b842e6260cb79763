import { erc20Abi, isAddressEqual, parseEventLogs, type TransactionReceipt } from "viem";
import { readContract } from "viem/actions";
import { investmentFundAbi } from "../abi/index.js";
import { EventNotFoundError, FundamentError } from "../baseErrors.js";
import { fundErrorTexts, toUserMessage } from "../errors.js";
import { fundLimits } from "../fundLimits.js";
import { toTokenUnits } from "../math/tokenAmount.js";
import { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
import { failure } from "./failure.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext, WriteResult } from "./types.js";

/** A new vault as an admin gives it: each field as typed, or already typed (a bigint minimum is in token units). */
export type NewVaultInput = {
  /** Trimmed here; 1 to `fundLimits.MAX_NAME_LENGTH` bytes (the contract counts UTF-8 bytes). */
  name: string;
  /** Token units as a bigint, or whole tokens as typed ("100", "2,500.50"), converted to the token's decimals. */
  minimumInvestment: bigint | string;
  /** The lockup of each of its rounds, in whole days (1 to 365: the contract's bounds, in whole days). */
  lockupDays: number | string;
};

/** A new vault as the contract takes it (`createVault(name, minimumInvestment, lockupPeriodDuration)`). */
export type NewVault = {
  name: string;
  /** Token units. */
  minimumInvestment: bigint;
  lockupDays: number;
  /** `lockupDays` in seconds. */
  lockupPeriodDuration: bigint;
};

/** Why a field of a new vault is refused, per field, in plain sentences. */
export type NewVaultErrors = Partial<Record<keyof NewVaultInput, string>>;

const DAY = 86_400;
/** The contract's lockup bounds (1 hour to 365 days) in whole days. */
export const MIN_LOCKUP_DAYS = Math.max(1, Math.ceil(fundLimits.MIN_LOCKUP_PERIOD / DAY));
export const MAX_LOCKUP_DAYS = Math.floor(fundLimits.MAX_LOCKUP_PERIOD / DAY);
/** The contract stores a minimum in a uint88 and refuses a larger one (`InvalidMinimumInvestment`). */
const MAX_MINIMUM_INVESTMENT = 2n ** 88n - 1n;

const texts = {
  nameEmpty: "Enter a name for the vault.",
  nameTooLong: `Shorten the name to at most ${fundLimits.MAX_NAME_LENGTH} characters (letters such as é count as two).`,
  minimumEmpty: "Enter the minimum investment, e.g. 100.",
  minimumZero: fundErrorTexts.InvalidMinimumInvestment(),
  minimumTooLarge: "That minimum investment is too large.",
  lockupNotWhole: "Enter the lockup in whole days, e.g. 30.",
  lockupOutOfRange: `Enter a lockup of ${MIN_LOCKUP_DAYS} to ${MAX_LOCKUP_DAYS} days.`,
} as const;

/** The result message of `createVault`. */
export const createVaultMessage = (name: string) => `Vault "${name}" created.`;

type Parsed<T> = { value: T } | { error: string };

function parseName(name: string): Parsed<string> {
  const value = name.trim();
  if (!value) return { error: texts.nameEmpty };
  if (new TextEncoder().encode(value).length > fundLimits.MAX_NAME_LENGTH) return { error: texts.nameTooLong };
  return { value };
}

/** Whether a typed amount is a number made of zeros only ("0", "0.00", "0,000"). */
function isZeroAmount(text: string): boolean {
  const clean = text.replaceAll(",", "").trim();
  return /^0*\.?0*$/.test(clean) && clean.includes("0");
}

function parseMinimum(minimum: bigint | string, decimals: number): Parsed<bigint> {
  let units: bigint;
  if (typeof minimum === "bigint") units = minimum;
  else if (minimum.trim() === "") return { error: texts.minimumEmpty };
  else if (isZeroAmount(minimum)) return { error: texts.minimumZero };
  else {
    try {
      units = toTokenUnits(minimum, decimals);
    } catch (error) {
      return { error: toUserMessage(error) };
    }
  }
  if (units <= 0n) return { error: texts.minimumZero };
  if (units > MAX_MINIMUM_INVESTMENT) return { error: texts.minimumTooLarge };
  return { value: units };
}

function parseLockupDays(lockupDays: number | string): Parsed<number> {
  const text = String(lockupDays).replaceAll(",", "").trim();
  if (!/^\d+$/.test(text)) return { error: texts.lockupNotWhole };
  const days = Number(text);
  if (days < MIN_LOCKUP_DAYS || days > MAX_LOCKUP_DAYS) return { error: texts.lockupOutOfRange };
  return { value: days };
}

/**
 * A new vault's fields, parsed once at the edge: the name trimmed and within the contract's length, the minimum in
 * token units (a typed one converted at `token.decimals`, which is not read for a bigint) above zero, the lockup in
 * whole days within the contract's bounds, in seconds. Every refused field says why.
 */
export function parseNewVault(
  input: NewVaultInput,
  token: { decimals: number },
): { vault: NewVault } | { errors: NewVaultErrors } {
  const name = parseName(input.name);
  const minimumInvestment = parseMinimum(input.minimumInvestment, token.decimals);
  const lockupDays = parseLockupDays(input.lockupDays);
  if ("error" in name || "error" in minimumInvestment || "error" in lockupDays) {
    return {
      errors: {
        ...("error" in name ? { name: name.error } : {}),
        ...("error" in minimumInvestment ? { minimumInvestment: minimumInvestment.error } : {}),
        ...("error" in lockupDays ? { lockupDays: lockupDays.error } : {}),
      },
    };
  }
  return {
    vault: {
      name: name.value,
      minimumInvestment: minimumInvestment.value,
      lockupDays: lockupDays.value,
      lockupPeriodDuration: BigInt(lockupDays.value * DAY),
    },
  };
}

/** The new vault's id from a receipt's `VaultCreated` event of the fund; 'Event not fount' without one. */
export function vaultIdFromReceipt(
  receipt: Pick<TransactionReceipt, "logs">,
  fund: WriteContext["deployment"]["investmentFund"],
): number {
  const logs = receipt.logs.filter((log) => isAddressEqual(log.address, fund));
  const [created] = parseEventLogs({ abi: investmentFundAbi, eventName: "VaultCreated", logs });
  if (!created) throw new EventNotFoundError();
  return Number(created.args.vaultId);
}

/** The investment token's decimals, read only when the minimum is typed in whole tokens. */
async function decimalsFor(parameters: CreateVaultParameters): Promise<number> {
  if (typeof parameters.minimumInvestment === "bigint") return 0;
  const token = await getInvestmentTokenAddress(parameters.publicClient, parameters.deployment);
  return readContract(parameters.publicClient, { address: token, abi: erc20Abi, functionName: "decimals" });
}

export type CreateVaultParameters = WriteContext & NewVaultInput;

export type CreateVaultReturnType = WriteResult & {
  /** The new vault's id, from its `VaultCreated` event (null on failure). */
  vaultId: number | null;
};

/**
 * Creates a vault with its first round open for deposits (admin; the contract's `createVault`, not the timelock's:
 * it goes through at once). The vault starts with no trading wallets, the fund's default fees and no caps. Fields are
 * refused in plain words before any prompt (`parseNewVault`); the receipt must carry `VaultCreated`, whose id comes
 * back as `vaultId` (without it the action fails with 'Event not fount').
 */
export async function createVault(parameters: CreateVaultParameters): Promise<CreateVaultReturnType> {
  let args: FundWriteArgs<"createVault">;
  let name: string;
  try {
    const parsed = parseNewVault(parameters, { decimals: await decimalsFor(parameters) });
    if ("errors" in parsed) throw new FundamentError(Object.values(parsed.errors)[0] ?? texts.nameEmpty);
    name = parsed.vault.name;
    args = [name, parsed.vault.minimumInvestment, parsed.vault.lockupPeriodDuration];
  } catch (error) {
    return { ...failure(error), vaultId: null };
  }
  let vaultId: number | null = null;
  const result = await sendFundTransaction({
    ...parameters,
    functionName: "createVault",
    args,
    successMessage: createVaultMessage(name),
    onReceipt: (receipt) => {
      vaultId = vaultIdFromReceipt(receipt, parameters.deployment.investmentFund);
    },
  });
  return { ...result, vaultId: result.success ? vaultId : null };
}
