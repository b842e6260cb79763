import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import { registeredAmong } from "./nameStore.js";
import { labelProblem, NAME_MAX_LENGTH, parseName, reservedProblem } from "./rules.js";

/** How many free alternatives a suggestion answer carries at most. */
export const MAX_SUGGESTIONS = 5;

/** One suggestion: a full name and whether it is taken (registered or reserved). */
export type NameSuggestion = { name: string; registered: boolean };

/** The suffixes tried, in order: the same list for everyone, so the alternatives are deterministic. */
const SUFFIXES = [
  "1",
  "2",
  "3",
  "-1",
  "-2",
  "-3",
  "4",
  "5",
  "7",
  "8",
  "9",
  "10",
  "11",
  "42",
  "99",
  "100",
  "-fund",
  "-x",
  "-eth",
  "-dao",
];

/**
 * The alternative labels of `label`, in a fixed order, each valid (its base shortened to fit NAME_MAX_LENGTH): a
 * candidate `labelProblem` refuses (a hyphen at the end or as 3rd and 4th character, a reserved look-alike) is left
 * out, so a reserved label or its look-alike gets none.
 */
export function alternativeLabels(label: string): string[] {
  const seen = new Set<string>([label]);
  const out: string[] = [];
  for (const suffix of SUFFIXES) {
    const candidate = `${label.slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (seen.has(candidate) || labelProblem(candidate) !== undefined) continue;
    seen.add(candidate);
    out.push(candidate);
  }
  return out;
}

/**
 * The asked name first with its `registered` flag (a reserved label or look-alike counts as registered), then up to
 * MAX_SUGGESTIONS free alternatives in a fixed order. `label` must already follow the label rules (reserved aside).
 */
export async function suggestNames(db: Db, label: string, zone: string): Promise<NameSuggestion[]> {
  const asked = `${label}.${zone}`;
  const alternatives = alternativeLabels(label).map((candidate) => `${candidate}.${zone}`);
  const taken = await registeredAmong(db, [asked, ...alternatives]);
  const free = alternatives.filter((name) => !taken.has(name)).slice(0, MAX_SUGGESTIONS);
  return [
    { name: asked, registered: taken.has(asked) || reservedProblem(label) !== undefined },
    ...free.map((name) => ({ name, registered: false })),
  ];
}

/**
 * The label a suggestion request asks about: the name (a bare label is read in `zone`) in this zone, and a valid
 * label (a reserved one may be asked about: it comes back taken). 400 for another zone or an invalid label.
 */
export function suggestionLabel(name: string, zone: string, askedZone: string | undefined): string {
  const asked = askedZone?.trim().toLowerCase();
  if (asked && asked !== zone) throw new HttpError(400, `Names here are in the zone ${zone}, not ${asked}`);
  const parsed = parseName(name, zone);
  if (parsed.zone !== zone) throw new HttpError(400, `Names here are in the zone ${zone}, not ${parsed.zone}`);
  const problem = labelProblem(parsed.label, parsed.name);
  if (problem && !problem.endsWith("is reserved")) throw new HttpError(400, problem);
  return parsed.label;
}
