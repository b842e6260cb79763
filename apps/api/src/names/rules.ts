import { normalize } from "viem/ens";

/** The shortest label a name may have (spec: `NAME_MIN_LENGTH`). */
export const NAME_MIN_LENGTH = 4;
/** The longest label (a DNS label). */
export const NAME_MAX_LENGTH = 63;
/** Letters, digits and hyphens only (checked after case folding). */
export const LABEL_PATTERN = /^[a-z0-9-]+$/;

/** Labels nobody may register: they would pass for the operator. */
export const RESERVED_LABELS: ReadonlySet<string> = new Set([
  "admin",
  "administrator",
  "fundament",
  "support",
  "root",
  "api",
  "www",
  "wallet",
  "official",
  "team",
  "help",
  "operator",
  "security",
  "system",
  "mail",
  "info",
]);

/** A name split into its parts, case-folded. */
export type ParsedName = { name: string; label: string; zone: string };

/**
 * Splits a name (`alice.fundament`, or a bare label `alice`, which gets `zone`) into label and zone, lowercase.
 * The label is what comes before the first dot.
 */
export function parseName(input: string, zone: string): ParsedName {
  const folded = input.trim().toLowerCase();
  const dot = folded.indexOf(".");
  const label = dot === -1 ? folded : folded.slice(0, dot);
  const nameZone = dot === -1 ? zone : folded.slice(dot + 1);
  return { name: `${label}.${nameZone}`, label, zone: nameZone };
}

/** The operator's own name: no label may contain it, however it is spelt (see `reservedProblem`). */
export const OPERATOR_NAME = "fundament";

/** The digits that pass for letters (`adm1n`, `supp0rt`, `r00t`), and the letters each may stand for. */
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "li",
  "2": "z",
  "3": "e",
  "4": "a",
  "5": "s",
  "6": "bg",
  "7": "t",
  "8": "b",
  "9": "g",
};
/** The letter pairs that pass for one letter (`fundarnent`). */
const PAIR_LOOKALIKES: Readonly<Record<string, string>> = { m: "rn", w: "vv" };

/** A pattern source matching `word` (lowercase letters) and every spelling of it with look-alike digits or pairs. */
function lookalikeSource(word: string): string {
  return [...word]
    .map((letter) => {
      const digits = Object.keys(DIGIT_LOOKALIKES).filter((digit) => DIGIT_LOOKALIKES[digit]?.includes(letter));
      const pair = PAIR_LOOKALIKES[letter];
      const spellings = [letter, ...digits, ...(pair ? [pair] : [])];
      return spellings.length === 1 ? letter : `(?:${spellings.join("|")})`;
    })
    .join("");
}

/** Per reserved label, a pattern for a whole hyphen-free text that passes for it: a look-alike, digits may follow. */
const RESERVED_LOOKALIKES: readonly { label: string; pattern: RegExp }[] = [...RESERVED_LABELS].map((label) => ({
  label,
  pattern: new RegExp(`^${lookalikeSource(label)}[0-9]*$`),
}));
/** The operator's name, spelt with look-alikes too, anywhere in a text. */
const OPERATOR_NAME_PATTERN = new RegExp(lookalikeSource(OPERATOR_NAME));

/** The reserved label a hyphen-free text passes for, or undefined. */
function reservedLookalikeOf(text: string): string | undefined {
  return RESERVED_LOOKALIKES.find(({ pattern }) => pattern.test(text))?.label;
}

/**
 * Why a label (already letters, digits and hyphens, lowercase) would pass for the operator, as a sentence ending in
 * "is reserved", or undefined. A label is reserved when
 * - it is one of RESERVED_LABELS;
 * - its hyphen-free form is a look-alike of one: each letter of the reserved label may be spelt with a digit that
 *   passes for it (0 o, 1 l or i, 2 z, 3 e, 4 a, 5 s, 6 b or g, 7 t, 8 b, 9 g) and `m`/`w` as `rn`/`vv`, and digits
 *   may follow (`adm1n`, `ad-min`, `r00t`, `admin1`, `api42`);
 * - its hyphen-free form contains OPERATOR_NAME anywhere, spelt so too (`fundament-support`, `myfundament`,
 *   `fundam3nt`, `fundamentals`);
 * - one of its hyphen-separated parts is such a look-alike of a reserved label (`support-team`, `my-wallet`).
 * Letters are never folded into each other, and a reserved label inside a longer word is fine: `teamwork`,
 * `information`, `mailbox`, `mall`, `bob1` and `alice` stay free.
 */
export function reservedProblem(label: string, name: string = label): string | undefined {
  if (RESERVED_LABELS.has(label)) return `Name ${name} is reserved`;
  const joined = label.replaceAll("-", "");
  const lookalike = reservedLookalikeOf(joined);
  if (lookalike) return `Name ${name} looks like ${lookalike} and would pass for the operator, so it is reserved`;
  if (OPERATOR_NAME_PATTERN.test(joined))
    return `Name ${name} contains ${OPERATOR_NAME}, the operator's name, so it is reserved`;
  const part = label.split("-").map(reservedLookalikeOf).find(Boolean);
  if (part) return `Name ${name} contains ${part} and would pass for the operator, so it is reserved`;
  return undefined;
}

/**
 * Why ENS-compliant clients could not resolve a label (letters, digits and hyphens, lowercase), or undefined:
 * hyphens as its 3rd and 4th characters (ENSIP-15's label extension, as in punycode `xn--`), or any other change
 * or refusal of the ENS normaliser (viem's `normalize`, @adraffy/ens-normalize).
 */
export function ensProblem(label: string): string | undefined {
  if (label.slice(2, 4) === "--")
    return "A name may not have hyphens as its 3rd and 4th characters (ENS reserves them, as in xn--)";
  if (ensNormalized(label) !== label) return "A name must stay the same under ENS normalisation (ENSIP-15)";
  return undefined;
}

/** The label as the ENS normaliser (ENSIP-15) writes it, or undefined when it refuses the label. */
function ensNormalized(label: string): string | undefined {
  try {
    return normalize(label);
  } catch {
    return undefined;
  }
}

/**
 * Why a label cannot be registered, as a sentence for the wallet, or undefined when it can: letters, digits and
 * hyphens only, NAME_MIN_LENGTH to NAME_MAX_LENGTH characters, no hyphen first or last (DNS), resolvable by ENS
 * clients (`ensProblem`), not reserved (`reservedProblem`; `name`: the full name its sentence names).
 */
export function labelProblem(label: string, name: string = label): string | undefined {
  if (!LABEL_PATTERN.test(label)) return "A name may contain only letters, digits and hyphens";
  if (label.length < NAME_MIN_LENGTH) return `A name must be at least ${NAME_MIN_LENGTH} characters`;
  if (label.length > NAME_MAX_LENGTH) return `A name must be at most ${NAME_MAX_LENGTH} characters`;
  if (label.startsWith("-") || label.endsWith("-")) return "A name may not start or end with a hyphen";
  return ensProblem(label) ?? reservedProblem(label, name);
}
