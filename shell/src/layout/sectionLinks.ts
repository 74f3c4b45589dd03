import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LANDING_SECTIONS, PATHS } from 'shared-contracts/routes';
import { scrollToSection } from '../routes/scrollToSection.ts';

/** The landing page's sections the header links to, on a desktop and in the phone menu alike. */
export const SECTION_LINKS = [
  { label: 'Features', section: LANDING_SECTIONS.features },
  { label: 'How It Works', section: LANDING_SECTIONS.howItWorks },
  { label: 'Tools', section: LANDING_SECTIONS.tools },
] as const;

/**
 * What a section link does when clicked. On the landing page it scrolls in place; elsewhere it
 * goes home and RootLayout scrolls. The link keeps its `/#section` href for a new tab.
 */
export function useSectionClick(): (event: MouseEvent<HTMLAnchorElement>, section: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (event, section) => {
    event.preventDefault();
    if (location.pathname === PATHS.home) {
      if (location.hash !== `#${section}`) navigate({ hash: section }, { replace: true });
      scrollToSection(section);
    } else {
      navigate({ pathname: PATHS.home, hash: section });
    }
  };
}
