import type { ReactNode } from 'react';
import { PageHeading } from 'shared-ui';
import { Card } from 'shared-ui/design-system';

type ToolFormProps = {
  title: string;
  subtitle: string;
  /** Extract or Scan: the page runs it, the browser never submits the form (no reload, no navigation). */
  onSubmit: () => void;
  /** The form's fields and its button. */
  children: ReactNode;
  /** Below the form, in its card: what the run is doing. */
  status?: ReactNode;
};

/** How both screens open: the heading, then the form in a card, the run's status under it. */
export function ToolForm({ title, subtitle, onSubmit, children, status }: ToolFormProps) {
  return (
    <>
      <PageHeading title={title} subtitle={subtitle} />
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
