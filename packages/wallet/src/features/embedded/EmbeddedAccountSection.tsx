import { useState } from "react";
import { ListItemButton } from "../../react/components/ListItemButton.js";
import { ListNav } from "../../react/components/ListNav.js";
import { useWalletRuntime } from "../../react/context.js";
import { useStore } from "../../react/hooks/useStore.js";
import { embeddedErrorText } from "./errors.js";
import { NO_EMBEDDED_STATE } from "./types.js";

/** The Account view's part for an embedded-wallet user: the email, "Update email", "Save recovery file". */
export function EmbeddedAccountSection() {
  const { core, embedded } = useWalletRuntime();
  const user = useStore(embedded?.state ?? NO_EMBEDDED_STATE, (s) => s.user);
  const [error, setError] = useState<string>();
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
    </section>
  );
}
