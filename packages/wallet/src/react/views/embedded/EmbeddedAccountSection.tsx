import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { formatDateTime } from "../../../core/format.js";
import type { EmbeddedRuntime } from "../../../features/embedded/embeddedRuntime.js";
import { embeddedErrorText } from "../../../features/embedded/errors.js";
import type { EmbeddedSession } from "../../../features/embedded/protocol.js";
import { NO_EMBEDDED_STATE, SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDER_ORDER } from "../../../features/embedded/types.js";
import { ListItemButton } from "../../components/ListItemButton.js";
import { ListNav } from "../../components/ListNav.js";
import { useWalletRuntime } from "../../context.js";
import { useStore } from "../../hooks/useStore.js";
import { useViewState } from "../../hooks/useViewState.js";

/**
 * The Account view's part for an embedded-wallet user: the email, "Update email", "Save recovery file", and the
 * signed-in devices (one per session), where a lost device can be signed out.
 */
export function EmbeddedAccountSection() {
  const { core, embedded } = useWalletRuntime();
  const user = useStore(embedded?.state ?? NO_EMBEDDED_STATE, (s) => s.user);
  // View state: the frame shows the recovery file as a view over Account, whose own state would be lost meanwhile.
  const [error, setError] = useViewState<string | undefined>("recoveryFileError", undefined);
  if (!embedded) return null;
  return (
    <section className="fw-stack fw-embedded-account" aria-label="Email wallet">
      {user?.email ? (
        <p className="fw-embedded-email-address">
          Signed in as <strong>{user.email}</strong>
        </p>
      ) : user?.userName ? (
        <p className="fw-embedded-email-address">
          Signed in as <strong>{user.userName}</strong>
        </p>
      ) : null}
      <ListNav label="Email wallet">
        {user?.email ? (
          <ListItemButton name="Update email" icon={null} onClick={() => core.router.push("UpdateEmail")} />
        ) : null}
        <ListItemButton
          name="Save recovery file"
          icon={null}
          onClick={() => {
            setError(undefined);
            // The frame SHOWs itself with the download (the file never passes through the app).
            void embedded
              .load()
              .then((c) => c.showRecovery())
              .catch((e) => setError(embeddedErrorText(e)));
          }}
        />
      </ListNav>
      {error ? (
        <p className="fw-error fw-wrap" role="alert">
          {error}
        </p>
      ) : null}
      {user ? <SignedInDevices embedded={embedded} address={user.address} /> : null}
    </section>
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * DAY],
  ["month", 30 * DAY],
  ["week", 7 * DAY],
  ["day", DAY],
  ["hour", HOUR],
  ["minute", MINUTE],
];
// "1 month ago", not "last month": counted back from now, not in calendar months.
const relativeFormat = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });

/**
 * A past time relative to `now`, en-US: "just now", "5 minutes ago", "1 day ago", "3 weeks ago"; "" when not a time.
 * A time ahead of this device's clock (the server's clock runs ahead) is "just now", never "in 2 minutes".
 */
export function formatRelativeTime(ms: number, now: number = Date.now()): string {
  if (!Number.isFinite(ms)) return "";
  const diff = Math.min(0, ms - now);
  if (diff > -MINUTE) return "just now";
  for (const [unit, size] of RELATIVE_UNITS) {
    // Whole units only (36 hours ago is "1 day ago", not "2 days ago").
    if (-diff >= size) return relativeFormat.format(Math.trunc(diff / size), unit);
  }
  return "just now";
}

/** A session's sign-in method as people know it: "Email", "Google", "Farcaster", … */
export function loginMethodName(method: string): string {
  if (method === "email") return "Email";
  const provider = SOCIAL_PROVIDER_ORDER.find((p) => p === method);
  return provider ? SOCIAL_PROVIDER_NAMES[provider] : method;
}

/** A session's time: relative, then the exact UTC time, e.g. "3 days ago (Nov 23, 2026, 07:30 UTC)". */
function When({ iso }: { iso: string | null }) {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  if (!iso || !Number.isFinite(ms)) return <>unknown</>;
  return (
    <time dateTime={iso}>
      {formatRelativeTime(ms)} ({formatDateTime(ms)})
    </time>
  );
}

/**
 * "Signed-in devices": the wallet's live sessions (GET_SESSIONS through the frame, which asks the API with its
 * session), this device first and marked, and "Sign out" for every other one after a confirm step. The frame signs
 * the revoke with the wallet's key; this device's own session ends with Disconnect.
 */
function SignedInDevices({ embedded, address }: { embedded: EmbeddedRuntime; address: string }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState<string>();
  const queryKey = ["fundament.wallet", "embeddedSessions", address.toLowerCase()];
  const sessions = useQuery({
    queryKey,
    retry: false,
    staleTime: 0,
    queryFn: async () => (await embedded.load()).getSessions(),
  });
  const queryClient = useQueryClient();
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));

  const onRevoked = (pci: string, name: string) => {
    queryClient.setQueryData<EmbeddedSession[]>(queryKey, (old) => old?.filter((s) => s.pci !== pci));
    setAnnouncement(`${name} is signed out.`);
    // The row and its buttons are gone: the focus goes to the list's heading, not to the page's start.
    heading.current?.focus();
  };

  return (
    <section className="fw-stack" aria-labelledby={titleId}>
      <h3 className="fw-subtitle" id={titleId} ref={heading} tabIndex={-1}>
        Signed-in devices
      </h3>
      <p className="fw-muted">
        Lost a device, or used a shared one? Sign it out here. Opening the wallet on it again needs a new login.
      </p>
      {sessions.isPending ? (
        <p className="fw-muted" role="status">
          Loading signed-in devices…
        </p>
      ) : sessions.isError ? (
        <>
          <p className="fw-error fw-wrap" role="alert">
            Could not load the signed-in devices: {embeddedErrorText(sessions.error)}
          </p>
          <button type="button" className="fw-button fw-button-secondary" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </>
      ) : list.length === 0 ? (
        <p className="fw-muted">No signed-in devices.</p>
      ) : (
        <ul className="fw-tokens" aria-labelledby={titleId} aria-busy={sessions.isFetching}>
          {list.map((session) => (
            <SessionRow key={session.pci} session={session} embedded={embedded} onRevoked={onRevoked} />
          ))}
        </ul>
      )}
      <p className="fw-muted" role="status">
        {announcement ?? ""}
      </p>
    </section>
  );
}

function SessionRow({
  session,
  embedded,
  onRevoked,
}: {
  session: EmbeddedSession;
  embedded: EmbeddedRuntime;
  onRevoked: (pci: string, name: string) => void;
}) {
  const summaryId = useId();
  const [confirming, setConfirming] = useState(false);
  const signOutButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const method = loginMethodName(session.loginMethod);
  const created = Date.parse(session.createdAt);
  const name = `The ${method} sign-in of ${Number.isFinite(created) ? formatDateTime(created) : "an unknown time"}`;
  const revoke = useMutation({
    mutationFn: async () => (await embedded.load()).revokeSession(session.pci),
    onSuccess: () => onRevoked(session.pci, name),
  });

  // The confirm step takes the focus on its safe choice; cancelling gives it back to "Sign out".
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      signOutButton.current?.focus();
    }
  }, [confirming]);

  return (
    <li>
      <div className="fw-stack" id={summaryId}>
        <span>
          <strong>{method}</strong> {session.current ? <span className="fw-tag">This device</span> : null}
        </span>
        <span className="fw-token-value">
          First sign-in: <When iso={session.createdAt} />
        </span>
        <span className="fw-token-value">
          Last used: <When iso={session.lastUsedAt} />
        </span>
        {confirming ? <span>Sign this device out? It will have to log in again to open the wallet.</span> : null}
        {revoke.isError ? (
          <span className="fw-error fw-wrap" role="alert">
            {embeddedErrorText(revoke.error)}
          </span>
        ) : null}
      </div>
      {session.current ? null : confirming ? (
        <div className="fw-stack">
          <button
            type="button"
            className="fw-chip"
            aria-describedby={summaryId}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            {revoke.isPending ? "Signing out…" : "Confirm sign-out"}
          </button>
          <button
            type="button"
            className="fw-chip"
            ref={cancelButton}
            disabled={revoke.isPending}
            onClick={() => {
              revoke.reset();
              returnFocus.current = true;
              setConfirming(false);
            }}
          >
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="fw-chip"
          ref={signOutButton}
          aria-describedby={summaryId}
          onClick={() => setConfirming(true)}
        >
          Sign out
        </button>
      )}
    </li>
  );
}
