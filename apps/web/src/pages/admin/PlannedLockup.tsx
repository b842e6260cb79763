import { type LiveVault, RequestFailedError, saveVaultPlan } from "@fundament/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { isoDate, plannedLockupText, vaultPlanKey, vaultPlanQuery } from "../vault/VaultTerms";
import { adminApiError } from "./AccessRequests";
import { useAdminSignIn } from "./AdminSignIn";

/** Why the sign-in prompt asks, when it is opened from here. */
export const PLANNED_LOCKUP_SIGN_IN_REASON =
  "Sign in to set the planned lockup date: the server takes it from the fund's admins only.";

/**
 * The ISO time stored for a date picked in a date input (`2026-12-05`): noon UTC, so that the day investors read is
 * the day the admin picked in every time zone from UTC−11 to UTC+11.
 */
export function plannedAtOfDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T12:00:00.000Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The date input's value (`2026-12-05`) for a stored ISO time. */
export const dayOfPlannedAt = (iso: string) => iso.slice(0, 10);

type PlannedLockupProps = { vault: Pick<LiveVault, "vaultId" | "round" | "status"> };

/**
 * The open round's "Planned lockup date" in the admin's round section: a date input that stores the plan on the
 * fund's server (a signed-in fund admin), which investors read on the vault page. Clearing it removes the plan. The
 * lockup itself stays the admin's on-chain action; once the round is locked the plan no longer shows.
 */
export function PlannedLockup({ vault }: PlannedLockupProps) {
  const { apiUrl } = useAppConfig();
  const { vaultId, round } = vault;
  const plan = useQuery({ ...vaultPlanQuery(apiUrl, vaultId, round), enabled: vault.status === "open" });
  const save = useSavePlan(vaultId, round);
  const { signIn, asking } = useAdminSignIn(PLANNED_LOCKUP_SIGN_IN_REASON, () => save.reset());
  const [day, setDay] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  if (vault.status !== "open") return null;
  const stored = plan.data ? dayOfPlannedAt(plan.data.plannedAt) : "";
  const shown = day ?? stored;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plannedAt = shown ? plannedAtOfDay(shown) : null;
    if (shown && !plannedAt) return setProblem("Enter the date as a day, for example 2026-12-05.");
    setProblem(null);
    save.mutate(plannedAt, { onSuccess: () => setDay(null) });
  };
  const status = save.error instanceof RequestFailedError ? save.error.status : undefined;
  const failure = problem ?? (save.error ? adminApiError(save.error) : null);

  return (
    <form className="inline-form" noValidate onSubmit={submit} data-testid="planned-lockup-form">
      <div className="field">
        <label htmlFor={inputId}>Planned lockup date</label>
        <input
          id={inputId}
          type="date"
          className="input"
          value={shown}
          onChange={(e) => {
            setDay(e.target.value);
            setProblem(null);
            save.reset();
          }}
        />
        <p className="field__hint" data-testid="planned-lockup-now">
          {plan.isPending
            ? "Reading the planned date…"
            : plan.isError
              ? adminApiError(plan.error)
              : plan.data
                ? `Investors read: “${plannedLockupText(plan.data.plannedAt)}”.`
                : "No date planned: investors see none. The lockup itself is still yours to start."}
        </p>
      </div>
      <div className="inline-form__actions">
        <button type="submit" className="button button--secondary" disabled={save.isPending || plan.isPending}>
          {shown ? "Save planned date" : stored ? "Clear planned date" : "Save planned date"}
        </button>
      </div>
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
      {status === 401 && signIn && (
        <button
          type="button"
          className="button button--primary button--small"
          onClick={signIn}
          disabled={asking}
          aria-busy={asking}
        >
          Sign in
        </button>
      )}
      {save.isSuccess && (
        <p className="muted small" role="status">
          {save.data ? `Planned lockup saved: ${isoDate(save.data.plannedAt)}.` : "Planned lockup date cleared."}
        </p>
      )}
    </form>
  );
}

/** Saves (or clears) the plan on the server, then shows the stored answer to the admin and the vault page alike. */
function useSavePlan(vaultId: number, round: number) {
  const { apiUrl } = useAppConfig();
  const queryClient = useQueryClient();
  const key = vaultPlanKey(apiUrl, vaultId, round);
  return useMutation({
    mutationFn: (plannedAt: string | null) => saveVaultPlan(apiUrl, { vaultId, round, plannedAt }),
    onSuccess: (plan) => {
      queryClient.setQueryData(key, plan);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
