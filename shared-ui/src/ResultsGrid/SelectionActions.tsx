import { useState } from 'react';
import { type DownloadChoices, type ExtractedImage, MESSAGES } from 'shared-contracts';
import { saveAllToAccount } from '../account/saveImages.ts';
import { useAccount } from '../account/useAccount.ts';
import { Button } from '../design-system/antd/button.ts';
import { FolderOpenOutlined, HeartOutlined, Text } from '../design-system/index.ts';
import type { RemoteInBrowserZip } from '../extraction/downloadAll.ts';
import { canSaveToFolder, saveToFolder } from '../extraction/saveToFolder.ts';

/**
 * Save to folder, where the browser can write into a folder (the File System Access API; nothing
 * shown elsewhere): the selected images, named and converted as the download options say.
 */
export function SaveToFolder({
  selected,
  choices,
  remoteNote,
}: {
  selected: readonly ExtractedImage[];
  choices: DownloadChoices;
  remoteNote?: RemoteInBrowserZip | undefined;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  if (!canSaveToFolder()) return null;

  const toFolder = async () => {
    setProgress({ done: 0, total: selected.length });
    try {
      await saveToFolder(selected, { ...choices, remoteNote }, (done, total) => setProgress({ done, total }));
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <>
      <Button
        icon={<FolderOpenOutlined />}
        disabled={selected.length === 0}
        loading={progress !== undefined}
        onClick={toFolder}
      >
        {MESSAGES.grid.saveToFolder}
      </Button>
      {progress ? (
        <Text aria-live="polite" data-testid="folder-progress">
          {MESSAGES.grid.savingToFolder(progress.done, progress.total)}
        </Text>
      ) : null}
    </>
  );
}

/** The selection bar's Save selected: for a signed-in visitor, every selected image to My Downloads. */
export function SaveSelected({ selected }: { selected: readonly ExtractedImage[] }) {
  const account = useAccount();
  const [saving, setSaving] = useState(false);
  if (!account) return null;

  const toAccount = async () => {
    setSaving(true);
    try {
      await saveAllToAccount(selected);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button icon={<HeartOutlined />} disabled={selected.length === 0} loading={saving} onClick={toAccount}>
      {MESSAGES.grid.saveSelected}
    </Button>
  );
}
