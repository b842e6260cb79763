import type { LiveVault } from "@fundament/sdk";

/**
 * What pausing, resuming and winding down do, as the one sentence their confirmations lead with, and the fund-wide
 * state of the vaults' stops. Pure: the sections pass the vaults they read.
 */

export const PAUSE_EFFECT = "New deposits and new rounds stop; investors can still withdraw. Only an admin can resume.";
export const WIND_DOWN_EFFECT =
  "Final: this vault never takes a deposit or starts a round again. The round in progress settles as usual; then every position can be withdrawn.";
export const RESUME_EFFECT = "Deposits and new rounds of this vault start again.";
export const PAUSE_ALL_EFFECT =
  "New deposits and new rounds stop in every vault, and in vaults created later; investors can still withdraw. Only an admin can resume.";
export const WIND_DOWN_ALL_EFFECT =
  "Final: no vault of the fund, nor one created later, ever takes a deposit or starts a round again. The rounds in progress settle as usual; then every position can be withdrawn.";
export const RESUME_ALL_EFFECT =
  "Deposits and new rounds start again in every paused vault, and vaults created later start unpaused; a vault winding down stays closed.";
/** What follows from a wind-down, under its effect. */
export const WIND_DOWN_FINAL = "It cannot be undone, by an admin either.";

type StopVault = Pick<LiveVault, "name" | "paused" | "windingDown">;

/** One vault's stop in a sentence (the admin's Deposits card). */
export function vaultStopState(vault: Pick<LiveVault, "paused" | "windingDown">): string {
  if (vault.windingDown)
    return "Winding down: this vault takes no deposit and starts no round again; every position can leave once its round settles.";
  if (vault.paused)
    return "Paused: no new deposits or rounds until an admin resumes them; investors can still withdraw.";
  return "Deposits and new rounds run as usual.";
}

/** The fund-wide actions that would change something, and the state of every vault's stops in a sentence. */
export type FundStops = {
  /** Some vault is neither paused nor winding down. */
  canPauseAll: boolean;
  /** Some vault is paused (and not winding down, which no resume reopens). */
  canResumeAll: boolean;
  /** Some vault is not winding down. */
  canWindDownAll: boolean;
  summary: string;
};

export function fundStops(vaults: readonly StopVault[]): FundStops {
  const windingDown = vaults.filter((v) => v.windingDown);
  const paused = vaults.filter((v) => v.paused && !v.windingDown);
  const running = vaults.length - windingDown.length - paused.length;
  const names = (list: readonly StopVault[]) => list.map((v) => v.name).join(", ");
  const summary =
    vaults.length === 0
      ? "The fund has no vaults."
      : windingDown.length === vaults.length
        ? "The whole fund is winding down: no vault takes a deposit or starts a round again."
        : paused.length === vaults.length
          ? "Deposits and new rounds are paused in every vault."
          : running === vaults.length
            ? "No vault is paused or winding down."
            : [
                paused.length > 0 ? `Paused: ${names(paused)}.` : "",
                windingDown.length > 0 ? `Winding down: ${names(windingDown)}.` : "",
              ]
                .filter(Boolean)
                .join(" ");
  return {
    canPauseAll: running > 0,
    canResumeAll: paused.length > 0,
    canWindDownAll: windingDown.length < vaults.length,
    summary,
  };
}
