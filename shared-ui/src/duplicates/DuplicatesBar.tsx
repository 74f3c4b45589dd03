import { MESSAGES } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';
import { Text } from '../design-system/index.ts';
import { type useDuplicates, useHashedCount } from './useDuplicates.ts';

/** Find duplicates, what was found, and Keep the largest of each group. */
export function DuplicatesBar({ duplicates }: { duplicates: ReturnType<typeof useDuplicates> }) {
  const { state, hashed, find, keepLargest, setKeepLargest } = duplicates;
  const done = useHashedCount(hashed);
  const found = state.kind === 'found' ? state.duplicates : undefined;
  return (
    <>
      <Button loading={state.kind === 'running'} onClick={() => void find()}>
        {MESSAGES.grid.findDuplicates}
      </Button>
      {found && found.smallerCopies.size > 0 ? (
        <Button aria-pressed={keepLargest} onClick={() => setKeepLargest(!keepLargest)}>
          {keepLargest ? MESSAGES.grid.showAllCopies : MESSAGES.grid.keepLargest}
        </Button>
      ) : null}
      <Text type="secondary" aria-live="polite" data-testid="duplicates-status">
        {state.kind === 'running'
          ? MESSAGES.grid.findingDuplicates(done, state.total)
          : found
            ? MESSAGES.grid.duplicatesFound(found.folded.size, found.smallerCopies.size)
            : ''}
      </Text>
    </>
  );
}
