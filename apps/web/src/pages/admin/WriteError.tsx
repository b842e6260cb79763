import type { TxState } from "../../shared/hooks/useFundAction";

/**
 * A write's refusal where it was asked for: under the form's button (or the row's), in an alert, with what did not
 * happen first ("The fees were not changed: …"). The toast says it too, but it is far from the control and goes away.
 */
export function WriteError({ state, what, testId }: { state: TxState; what: string; testId?: string }) {
  if (state.status !== "error") return null;
  return (
    <p className="error-text" role="alert" data-testid={testId}>
      {what} {state.message}
    </p>
  );
}
