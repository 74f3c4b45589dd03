import { useLocation } from 'react-router-dom';
import { pageHeadingOf } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui/page-heading';
import { useSession } from '../account/index.ts';
import './PageSkeleton.css';

/**
 * What a page shows while its code loads: its real heading block (PAGE_HEADINGS), drawn by the shell
 * with the first frame, and a spinner where the rest will be. The page then arrives under a heading
 * already in place; the footer waits below the fold (global.css's `.app__main`), so the page's
 * arrival moves nothing in view.
 */
export function PageSkeleton() {
  const heading = pageHeadingOf(useLocation().pathname, useSession() !== null);
  return (
    <div className="page-skeleton">
      {heading ? <PageHeading {...heading} /> : null}
      <div className="page-skeleton__status" role="status" aria-live="polite">
        <span className="page-skeleton__spinner" aria-hidden="true" />
        Loading…
      </div>
    </div>
  );
}
