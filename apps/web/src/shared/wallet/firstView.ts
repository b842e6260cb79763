import { useEffect } from "react";
import type { Config } from "wagmi";

/** Set once the app has shown a page: its code loaded, its first reads started (`PageShown`). */
let pageShown = false;

/**
 * Marks the page shown, from inside the pages' Suspense boundary (after the page, so after its reads started): the
 * transport sends the first view's gathered reads from then on (see `firstViewReady`).
 */
export function PageShown(): null {
  useEffect(() => {
    pageShown = true;
  }, []);
  return null;
}

/**
 * Whether the first view's reads have all started: a page is shown and the wallet is no longer reconnecting (the reads
 * of the connected account start once it is). Stays true once it is.
 */
export function firstViewReady(config: () => Config | undefined): () => boolean {
  let ready = false;
  return () => {
    if (ready) return true;
    const status = config()?.state.status;
    ready = pageShown && status !== "reconnecting" && status !== "connecting";
    return ready;
  };
}
