import { Spinner } from 'shared-ui/design-system';

/** What the profile shows while the account, the page or the saved images load. */
export function Loading() {
  return (
    <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '96px 0' }}>
      <Spinner />
      Loading
    </div>
  );
}
