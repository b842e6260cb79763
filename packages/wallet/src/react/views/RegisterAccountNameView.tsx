import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import { IDENTITY_CACHE_MS } from "../../core/constants.js";
import { errorText } from "../../features/connect/errors.js";
import type { NameRecord, NameSuggestion } from "../../features/names/createNamesClient.js";
import { type RegisterAccountNameData, registerAccountName } from "../../features/names/registerAccountName.js";
import { toFullName, validateName } from "../../features/names/validateName.js";
import { useWalletRuntime } from "../context.js";
import { identityQueryKey, useIdentity } from "../hooks/useIdentity.js";
import { useStore } from "../hooks/useStore.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** How long typing pauses before the availability of a name is asked. */
export const NAME_CHECK_DELAY_MS = 350;

/** The query key of a name's suggestions (availability). */
export const nameSuggestionsKey = (apiUrl: string | undefined, name: string) =>
  ["fundament.wallet", "nameSuggestions", apiUrl ?? null, name] as const;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

type NameAvailabilityParameters = {
  /** The label as typed, trimmed. */
  trimmed: string;
  fullName: string;
  /** The connected account's current name. */
  currentName: string | undefined;
};

/** The availability of the typed name, asked once typing pauses (with free suggestions when it is taken). */
function useNameAvailability({ trimmed, fullName, currentName }: NameAvailabilityParameters) {
  const runtime = useWalletRuntime();
  const { names, nameZone } = runtime;
  const apiUrl = runtime.config.apiUrl;
  const ruleError = validateName(trimmed);
  const debouncedLabel = useDebounced(trimmed, NAME_CHECK_DELAY_MS);
  const checkName = toFullName(debouncedLabel, nameZone);
  const checkEnabled = Boolean(names) && validateName(debouncedLabel) === undefined;
  const suggestions = useQuery({
    queryKey: nameSuggestionsKey(apiUrl, checkName),
    enabled: checkEnabled,
    staleTime: IDENTITY_CACHE_MS,
    gcTime: IDENTITY_CACHE_MS,
    retry: false,
    queryFn: () => (names ? names.getSuggestions(checkName, nameZone) : Promise.resolve([])),
  });
  const settled = checkEnabled && debouncedLabel === trimmed && !suggestions.isFetching;
  const asked = suggestions.data?.find((s) => s.name === fullName);
  const own = currentName === fullName;
  return {
    ruleError,
    own,
    taken: settled && Boolean(asked?.registered) && !own,
    available: settled && asked !== undefined && !asked.registered,
    alternatives: (suggestions.data ?? []).filter((s) => !s.registered && s.name !== fullName),
    checking: ruleError === undefined && !settled && !suggestions.isError,
    checkError: suggestions.isError ? suggestions.error : undefined,
  };
}

type NameAvailability = ReturnType<typeof useNameAvailability>;

/** After a registration: the account's name is the new one everywhere the names are cached. */
function useOnRegistered(address: string | undefined) {
  const apiUrl = useWalletRuntime().config.apiUrl;
  const queryClient = useQueryClient();
  return (record: NameRecord) => {
    queryClient.setQueryData(identityQueryKey(apiUrl, address), (old: { avatar?: string | null } | undefined) => ({
      name: record.name,
      avatar: old?.avatar ?? null,
    }));
    void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "identity"] });
    void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "nameSuggestions"] });
    void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "name"] });
  };
}

/** The live line under the field: the rules, the check, and whether the name is free. */
function NameStatus({
  id,
  touched,
  fullName,
  availability,
}: {
  id: string;
  touched: boolean;
  fullName: string;
  availability: NameAvailability;
}) {
  const { ruleError, checkError, checking, own, taken, available } = availability;
  return (
    <div id={id} className="fw-name-status" aria-live="polite">
      {touched && ruleError ? (
        <p className="fw-error fw-wrap">{ruleError}</p>
      ) : ruleError ? (
        <p className="fw-muted">Letters, digits and hyphens, at least 4 characters.</p>
      ) : checkError !== undefined ? (
        <p className="fw-error fw-wrap">{errorText(checkError)}</p>
      ) : checking ? (
        <p className="fw-muted">Checking {fullName}…</p>
      ) : own ? (
        <p className="fw-muted">{fullName} is already your name.</p>
      ) : taken ? (
        <p className="fw-error fw-wrap">{fullName} is taken.</p>
      ) : available ? (
        <p className="fw-success">{fullName} is available.</p>
      ) : null}
    </div>
  );
}

/** The free names offered when the typed one is taken. */
function NameSuggestions({ alternatives, onPick }: { alternatives: NameSuggestion[]; onPick: (name: string) => void }) {
  return (
    <section aria-label="Suggestions">
      <h3 className="fw-subtitle">Available instead</h3>
      <ul className="fw-name-suggestions">
        {alternatives.map((s) => (
          <li key={s.name}>
            <button type="button" className="fw-button fw-button-secondary" onClick={() => onPick(s.name)}>
              {s.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * RegisterAccountName: choose a name under the app's zone (`alice.fundament`). The label is checked as it is typed
 * (letters, digits and hyphens, at least 4 characters); its availability is asked once typing pauses, with free
 * suggestions when it is taken; Register signs one message and posts it (the flow: `registerAccountName`).
 */
export function RegisterAccountNameView() {
  const runtime = useWalletRuntime();
  const { core, names, nameZone } = runtime;
  const wagmiConfig = useConfig();
  const { address, chainId } = useWalletAccount();
  const identity = useIdentity(address);
  const data = useStore(core.router, (s) => s.data) as RegisterAccountNameData | undefined;
  const ids = { input: useId(), suffix: useId(), status: useId(), error: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState(data?.label ?? "");
  const [touched, setTouched] = useState(Boolean(data?.label));
  const [submitError, setSubmitError] = useState<string | undefined>(data?.error);
  // The flow returns here with the error of a failed registration.
  useEffect(() => {
    if (data?.error) setSubmitError(data.error);
  }, [data]);

  const trimmed = label.trim();
  const fullName = toFullName(trimmed, nameZone);
  const availability = useNameAvailability({ trimmed, fullName, currentName: identity.name });
  const onRegistered = useOnRegistered(address);

  if (!names) return <p className="fw-muted">Names are not available.</p>;
  if (!address || chainId === undefined) return <p className="fw-muted">Not connected.</p>;

  const { ruleError, taken, alternatives } = availability;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ruleError) {
      inputRef.current?.focus();
      return;
    }
    if (taken) {
      setSubmitError(`${fullName} is taken.`);
      inputRef.current?.focus();
      return;
    }
    setSubmitError(undefined);
    void registerAccountName({
      core,
      names,
      name: fullName,
      label: trimmed,
      address,
      chainId,
      signMessage: (message) => signMessage(wagmiConfig, { message }),
      onRegistered,
    }).catch((error: unknown) => core.toasts.show(errorText(error), "error"));
  };

  const describedBy = [ids.suffix, ids.status, submitError ? ids.error : undefined].filter(Boolean).join(" ");
  return (
    <form className="fw-stack" onSubmit={submit} noValidate>
      <p className="fw-muted">
        {identity.name?.endsWith(`.${nameZone}`)
          ? `Your name is ${identity.name}. A new name replaces it.`
          : "A name shows instead of your address in this app. Sign one message to register it; it costs nothing."}
      </p>
      <div className="fw-field">
        <label htmlFor={ids.input}>Choose a name</label>
        <div className="fw-name-input">
          <input
            ref={inputRef}
            id={ids.input}
            className="fw-input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={63}
            placeholder="alice"
            value={label}
            aria-invalid={touched && ruleError ? true : taken ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              setLabel(e.target.value);
              setTouched(true);
              setSubmitError(undefined);
            }}
          />
          <span id={ids.suffix} className="fw-name-suffix">
            .{nameZone}
          </span>
        </div>
      </div>
      <NameStatus id={ids.status} touched={touched} fullName={fullName} availability={availability} />
      {taken && alternatives.length > 0 ? (
        <NameSuggestions
          alternatives={alternatives}
          onPick={(name) => {
            setLabel(name.slice(0, name.length - nameZone.length - 1));
            inputRef.current?.focus();
          }}
        />
      ) : null}
      {submitError ? (
        <p id={ids.error} className="fw-error fw-wrap" role="alert">
          {submitError}
        </p>
      ) : null}
      <button type="submit" className="fw-button">
        Register
      </button>
    </form>
  );
}
