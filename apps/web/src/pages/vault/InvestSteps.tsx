import styles from "./InvestWidget.module.css";
import { type InvestProgress, type InvestStepView, type StepState, stepStateText } from "./invest.helpers";

/** How each step looks in its state (an upcoming step is drawn plain). */
const STEP_CLASS: Record<StepState, string | undefined> = {
  upcoming: undefined,
  active: styles.active,
  done: styles.done,
  skipped: styles.skipped,
  failed: styles.failed,
};

/** The numbered steps of the path (the one the next click takes, or the one running), each with its state. */
export function InvestSteps({ steps, state }: { steps: InvestStepView[]; state: InvestProgress }) {
  return (
    <ol className={styles.steps} aria-label="Investment steps">
      {steps.map((step) => (
        <li
          key={step.key}
          className={[styles.step, STEP_CLASS[step.state]].filter(Boolean).join(" ")}
          aria-current={step.state === "active" ? "step" : undefined}
        >
          <span className={styles.stepNumber} aria-hidden="true">
            {step.state === "done" ? "✓" : step.number}
          </span>
          <span>
            Step {step.number}: {step.label}
            <span className={styles.stepState}>{stepStateText(step, state)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
