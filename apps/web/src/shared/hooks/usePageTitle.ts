import { useEffect } from "react";

/** Sets the document title to "<page> · Fundament" while the page is shown. */
export function usePageTitle(page: string | undefined) {
  useEffect(() => {
    document.title = page ? `${page} · Fundament` : "Fundament";
  }, [page]);
}
