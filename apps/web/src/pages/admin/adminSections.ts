/**
 * The admin page's parts, in the order of its sidebar: the vaults (each vault's own tools) first, then the fund-wide
 * parts, the same for every vault. Each part is a block of the page with the id `admin-<id>`; the sidebar links to it.
 */
export const ADMIN_SECTIONS = [
  { id: "vaults", label: "Vaults", scope: "vault" },
  { id: "investors", label: "Investors", scope: "fund" },
  { id: "roles", label: "Roles", scope: "fund" },
  { id: "emergency", label: "Emergency", scope: "fund" },
  { id: "settings", label: "Settings", scope: "fund" },
  { id: "analytics", label: "Analytics", scope: "fund" },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]["id"];

/** The element id of a part's block (the target of its link). */
export const adminSectionAnchor = (id: AdminSectionId) => `admin-${id}`;

/** The part a URL hash names ("#admin-roles"), or null. */
export function sectionFromHash(hash: string): AdminSectionId | null {
  const id = /^#admin-([a-z]+)$/.exec(hash)?.[1];
  return ADMIN_SECTIONS.find((section) => section.id === id)?.id ?? null;
}
