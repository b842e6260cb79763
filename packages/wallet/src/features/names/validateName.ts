import { COIN_TYPE_OFFSET, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from "../../core/constants.js";
import { BaseError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";

/** Texts of the name rule (spec §5: letters, digits and hyphens only, at least 4 characters), one per failure. */
export const nameRuleTexts = {
  empty: `Enter a name of at least ${NAME_MIN_LENGTH} characters.`,
  characters: "Use letters, digits and hyphens only.",
  tooShort: `A name needs at least ${NAME_MIN_LENGTH} characters.`,
  tooLong: `A name can have at most ${NAME_MAX_LENGTH} characters.`,
} as const;

/**
 * Checks a name's label (the part before the zone, e.g. `alice` of `alice.fundament`) as a person types it.
 * Returns the sentence to show, or `undefined` when the label is valid. Letters are compared case-folded.
 */
export function validateName(label: string): string | undefined {
  if (label.length === 0) return nameRuleTexts.empty;
  if (!/^[a-zA-Z0-9-]+$/.test(label)) return nameRuleTexts.characters;
  if (label.length < NAME_MIN_LENGTH) return nameRuleTexts.tooShort;
  if (label.length > NAME_MAX_LENGTH) return nameRuleTexts.tooLong;
  return undefined;
}

/** The full, case-folded name of a label in a zone: `Alice` + `fundament` → `alice.fundament`. */
export function toFullName(label: string, zone: string): string {
  return `${label.toLowerCase()}.${zone.toLowerCase()}`;
}

/** Whether a text is a full name in the zone (`alice.fundament`), with a valid label. */
export function isZoneName(text: string, zone: string): boolean {
  const suffix = `.${zone.toLowerCase()}`;
  const lower = text.trim().toLowerCase();
  return lower.endsWith(suffix) && validateName(lower.slice(0, -suffix.length)) === undefined;
}

/** Thrown by `coinTypeOf` for a chain id at or above the coin type offset. */
export class InvalidChainIdError extends BaseError {
  override name = "InvalidChainIdError";
  constructor(chainId: number) {
    super(messages.invalidChainId, { details: `chain id ${chainId}` });
  }
}

/**
 * The ENSIP-11 coin type of an EVM chain: 60 for Ethereum mainnet, else `0x80000000 | chainId`.
 * @throws InvalidChainIdError ('Invalid chainId') when `chainId >= 2147483648` (or not a non-negative integer).
 */
export function coinTypeOf(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= COIN_TYPE_OFFSET)
    throw new InvalidChainIdError(chainId);
  return chainId === 1 ? 60 : (COIN_TYPE_OFFSET | chainId) >>> 0;
}
