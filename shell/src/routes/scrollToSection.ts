import { ANCHOR_SCROLL_OFFSET_PX } from 'shared-contracts/routes';

/** Smoothly scrolls to a landing section, leaving room for the fixed header. */
export function scrollToSection(id: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior });
  return true;
}
