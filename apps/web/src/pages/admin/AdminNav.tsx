import { type MouseEvent, useEffect, useState } from "react";
import styles from "./AdminNav.module.css";
import { ADMIN_SECTIONS, type AdminSectionId, adminSectionAnchor, sectionFromHash } from "./adminSections";

/**
 * Which part of the admin page is in view: the one the URL names (the page opens there) or Vaults, the one last chosen
 * in the sidebar, then, as the page scrolls, the one crossing the upper part of the window (where the browser has an
 * IntersectionObserver).
 */
export function useActiveAdminSection(): [AdminSectionId, (id: AdminSectionId) => void] {
  const [active, setActive] = useState<AdminSectionId>(
    () => sectionFromHash(globalThis.location?.hash ?? "") ?? "vaults",
  );
  // A link to a part (/admin#admin-roles) opens the page there.
  useEffect(() => {
    const linked = sectionFromHash(globalThis.location?.hash ?? "");
    if (linked) goTo(linked);
  }, []);
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.find((entry) => entry.isIntersecting);
        const id = visible ? sectionFromHash(`#${visible.target.id}`) : null;
        if (id) setActive(id);
      },
      { rootMargin: "-20% 0px -70% 0px" },
    );
    for (const { id } of ADMIN_SECTIONS) {
      const element = document.getElementById(adminSectionAnchor(id));
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
  return [active, setActive];
}

/** Brings a part's block into view and puts the focus on its first heading, so keyboard users land there. */
function goTo(id: AdminSectionId) {
  const block = document.getElementById(adminSectionAnchor(id));
  if (!block) return;
  block.scrollIntoView?.({ block: "start" });
  const heading = block.querySelector<HTMLElement>("h2");
  const target = heading ?? block;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * The admin page's sidebar: one link per part (Vaults, then the fund-wide Investors · Roles · Emergency · Settings ·
 * Analytics), the part in view marked `aria-current`. Real links to the parts' blocks: Tab reaches them, Enter follows
 * one (the focus moves to the part's heading). On a phone it is a row of tabs that scrolls sideways.
 */
export function AdminNav({ active, onSelect }: { active: AdminSectionId; onSelect: (id: AdminSectionId) => void }) {
  const follow = (id: AdminSectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(id);
    goTo(id);
  };
  return (
    <nav className={styles.nav} aria-label="Admin sections">
      <ul className={styles.list}>
        {ADMIN_SECTIONS.map((section, i) => (
          <li
            key={section.id}
            className={
              section.scope === "fund" && ADMIN_SECTIONS[i - 1]?.scope === "vault" ? styles.fundStart : undefined
            }
          >
            <a
              href={`#${adminSectionAnchor(section.id)}`}
              className={styles.link}
              aria-current={active === section.id ? "location" : undefined}
              onClick={follow(section.id)}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
