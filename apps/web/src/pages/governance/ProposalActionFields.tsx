import type { LiveVault, SimulatedAction } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { formatNumber, formatPercent, formatTokenAmount } from "../../shared/lib/format";
import styles from "./GovernancePage.module.css";
import {
  type ActionField,
  type ActionInput,
  type ActionKind,
  type BuiltAction,
  describeProposalAction,
} from "./governance.helpers";
import { quorumQuery, simulationQuery } from "./governance.queries";
import { WOULD_SUCCEED } from "./ProposalActionList";

const KINDS: readonly { kind: ActionKind; label: string }[] = [
  { kind: "none", label: "None: a signal (records the decision)" },
  { kind: "lockup", label: "Change a vault's lockup period" },
  { kind: "minimum", label: "Change a vault's minimum investment" },
  { kind: "quorum", label: "Set the quorum" },
];

/** The vault fields the form needs: to name it, and to say what it is now. */
export type ActionVault = Pick<LiveVault, "vaultId" | "name" | "lockupPeriodDuration" | "minimumInvestment">;

/**
 * The optional on-chain action of a new proposal: none (a signal), a vault's lockup period or minimum investment, or
 * the quorum. Says what each is now, and once the fields make an action, what it would do in plain words and whether
 * the timelock could make it now (simulated), before anything is sent.
 */
export function ProposalActionFields({
  value,
  onChange,
  built,
  vaults,
  token,
  error,
}: {
  value: ActionInput;
  onChange: (value: ActionInput) => void;
  /** The fields as an action (or the problem with them). */
  built: BuiltAction;
  vaults: readonly ActionVault[];
  token: { decimals: number; symbol: string } | undefined;
  /** The problem shown since the last submit, and the field it is in. */
  error: { message: string; field: ActionField; id: string } | null;
}) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const ids = { kind: useId(), vault: useId(), value: useId(), hint: useId() };
  const quorum = useQuery({ ...quorumQuery(client, deployment), enabled: value.kind === "quorum" });
  const action = "action" in built ? built.action : null;
  const simulated = useQuery(simulationQuery(client, deployment, 0n, action ? [action] : [], token ?? {}));
  const set = (patch: Partial<ActionInput>) => onChange({ ...value, ...patch });
  const vault = vaults.find((v) => String(v.vaultId) === value.vaultId);
  const fieldError = (field: ActionField) => (error?.field === field ? { id: error.id } : undefined);
  return (
    <fieldset className={styles.actionFields}>
      <legend className="visually-hidden">On-chain action</legend>
      <ActionKindField id={ids.kind} kind={value.kind} onChange={(kind) => set({ kind })} />
      {(value.kind === "lockup" || value.kind === "minimum") && (
        <ActionVaultField
          id={ids.vault}
          vaultId={value.vaultId}
          vaults={vaults}
          error={fieldError("vault")}
          onChange={(vaultId) => set({ vaultId })}
        />
      )}
      {value.kind !== "none" && (
        <ActionValueField
          ids={ids}
          value={value}
          symbol={token?.symbol ?? ""}
          hint={actionHint(value.kind, vault, token, quorum.data)}
          error={fieldError("value")}
          onChange={set}
        />
      )}
      {action && token && (
        <ActionPreview
          description={describeProposalAction(action, { deployment, ...token, vaults })}
          simulation={simulated.data?.[0]}
        />
      )}
    </fieldset>
  );
}

/** Which action: none (a signal), a vault's lockup period or minimum investment, or the quorum. */
function ActionKindField({
  id,
  kind,
  onChange,
}: {
  id: string;
  kind: ActionKind;
  onChange: (kind: ActionKind) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>On-chain action</label>
      <select id={id} className="input select" value={kind} onChange={(e) => onChange(e.target.value as ActionKind)}>
        {KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </select>
      {kind === "none" && (
        <p className="field__hint">Executing a signal records the decision; nothing on chain changes.</p>
      )}
    </div>
  );
}

/** The vault a lockup or minimum-investment action changes; `error` when the problem shown is in this field. */
function ActionVaultField({
  id,
  vaultId,
  vaults,
  error,
  onChange,
}: {
  id: string;
  vaultId: string;
  vaults: readonly ActionVault[];
  error: { id: string } | undefined;
  onChange: (vaultId: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Vault</label>
      <select
        id={id}
        className="input select"
        value={vaultId}
        aria-invalid={error !== undefined}
        aria-describedby={error?.id}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a vault</option>
        {vaults.map((v) => (
          <option key={v.vaultId} value={String(v.vaultId)}>
            {v.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The new value (days, tokens or per cent, by the action), with what it is now under it. */
function ActionValueField({
  ids,
  value,
  symbol,
  hint,
  error,
  onChange,
}: {
  ids: { value: string; hint: string };
  value: ActionInput;
  symbol: string;
  hint: string;
  error: { id: string } | undefined;
  onChange: (patch: Partial<ActionInput>) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={ids.value}>
        {value.kind === "lockup"
          ? "New lockup period (days)"
          : value.kind === "minimum"
            ? `New minimum investment${symbol ? ` (${symbol})` : ""}`
            : "New quorum (%)"}
      </label>
      <input
        id={ids.value}
        className="input"
        inputMode="decimal"
        value={value.kind === "lockup" ? value.days : value.kind === "minimum" ? value.amount : value.percent}
        aria-invalid={error !== undefined}
        aria-describedby={[error?.id, ids.hint].filter(Boolean).join(" ")}
        onChange={(e) =>
          onChange(
            value.kind === "lockup"
              ? { days: e.target.value }
              : value.kind === "minimum"
                ? { amount: e.target.value }
                : { percent: e.target.value },
          )
        }
      />
      <p id={ids.hint} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

/** What the action would do in plain words, and whether the timelock could make it now (simulated). */
function ActionPreview({ description, simulation }: { description: string; simulation: SimulatedAction | undefined }) {
  return (
    <div className={styles.preview} data-testid="proposal-action-preview">
      <p className="small">
        If it passes, once queued and after the timelock's delay: <strong>{description}</strong>.
      </p>
      <p className={`small ${simulation ? (simulation.ok ? styles.previewOk : "error-text") : "muted"}`}>
        {simulation
          ? simulation.ok
            ? WOULD_SUCCEED
            : `Would be refused now: ${simulation.message}`
          : "Checking what it would do now…"}
      </p>
    </div>
  );
}

/** What the setting is now, and its bounds: under the value field. */
function actionHint(
  kind: ActionKind,
  vault: ActionVault | undefined,
  token: { decimals: number; symbol: string } | undefined,
  quorumBps: bigint | undefined,
): string {
  switch (kind) {
    case "lockup":
      return `${vault ? `Now ${formatNumber(Number(vault.lockupPeriodDuration) / 86_400)} days. ` : ""}1 hour (0.05 days) to 365 days; applies from the vault's next lockup.`;
    case "minimum":
      return vault && token
        ? `Now ${formatTokenAmount(vault.minimumInvestment, token.decimals, token.symbol)}.`
        : "The smallest deposit the vault takes.";
    case "quorum":
      return `${quorumBps === undefined ? "" : `Now ${formatPercent(Number(quorumBps) / 100)}. `}For and Abstain votes needed, as a share of what investors hold when a proposal is created; applies to later proposals.`;
    case "none":
      return "";
  }
}
