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

/**
 * Why a label cannot be registered, as a sentence for the wallet, or undefined when it can: letters, digits and
 * hyphens only, NAME_MIN_LENGTH to NAME_MAX_LENGTH characters, not reserved (`name`: the full name the reserved
 * sentence names).
 */
export function labelProblem(label: string, name: string = label): string | undefined {
  if (!LABEL_PATTERN.test(label)) return "A name may contain only letters, digits and hyphens";
  if (label.length < NAME_MIN_LENGTH) return `A name must be at least ${NAME_MIN_LENGTH} characters`;
  if (label.length > NAME_MAX_LENGTH) return `A name must be at most ${NAME_MAX_LENGTH} characters`;
  if (RESERVED_LABELS.has(label)) return `Name ${name} is reserved`;
  return undefined;
}
