import type { ReactNode } from 'react';
import type { PageHeadingText } from 'shared-contracts/routes';
import { PageHeading } from 'shared-ui';
import { Card } from 'shared-ui/design-system';

type ToolFormProps = {
  /** The page's entry in PAGE_HEADINGS, which the shell also draws while the page loads. */
  heading: PageHeadingText;
  /** Extract or Scan: the page runs it, the browser never submits the form (no reload, no navigation). */
  onSubmit: () => void;
  /** The form's fields and its button. */
  children: ReactNode;
  /** Below the form, in its card: what the run is doing. */
  status?: ReactNode;
};

/** How both screens open: the heading, then the form in a card, the run's status under it. */
export function ToolForm({ heading, onSubmit, children, status }: ToolFormProps) {
  return (
    <>
      <PageHeading {...heading} />
      <Card style={{ maxWidth: 760, margin: '0 auto' }}>
        <form
          className="url-website__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
        {status}
      </Card>
    </>
  );
}
