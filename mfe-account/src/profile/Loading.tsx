import { Spin } from 'shared-ui/design-system/spin';

/** What the profile shows while the account, the page or the saved images load. */
export function Loading() {
  return (
    <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '96px 0' }}>
      <Spin />
      Loading
    </div>
  );
}
