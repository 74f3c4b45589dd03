import { useState } from 'react';
import { type DownloadChoices, type ExtractedImage, MESSAGES } from 'shared-contracts';
import { saveAllToAccount } from '../account/saveImages.ts';
import { useAccount } from '../account/useAccount.ts';
import { Button } from '../design-system/antd/button.ts';
import { FolderOpenOutlined, HeartOutlined, Text } from '../design-system/index.ts';
import type { RemoteInBrowserZip } from '../extraction/downloadAll.ts';
import { canSaveToFolder, saveToFolder } from '../extraction/saveToFolder.ts';

/**
 * The selection bar's other ways to keep the selected images: Save to folder where the browser
 * can write into a folder (the File System Access API; nothing shown elsewhere), and Save selected
 * to My Downloads for a signed-in visitor.
 */
export function SelectionActions({
  selected,
  choices,
  remoteNote,
}: {
  selected: readonly ExtractedImage[];
  choices: DownloadChoices;
  remoteNote?: RemoteInBrowserZip | undefined;
}) {
  const account = useAccount();
  const [folderProgress, setFolderProgress] = useState<{ done: number; total: number }>();
  const [saving, setSaving] = useState(false);
  const none = selected.length === 0;

  const toFolder = async () => {
    setFolderProgress({ done: 0, total: selected.length });
    try {
      await saveToFolder(selected, { ...choices, remoteNote }, (done, total) => setFolderProgress({ done, total }));
    } finally {
      setFolderProgress(undefined);
    }
  };
  const toAccount = async () => {
    setSaving(true);
    try {
      await saveAllToAccount(selected);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {canSaveToFolder() ? (
        <Button icon={<FolderOpenOutlined />} disabled={none} loading={folderProgress !== undefined} onClick={toFolder}>
          {MESSAGES.grid.saveToFolder}
        </Button>
      ) : null}
      {folderProgress ? (
        <Text aria-live="polite" data-testid="folder-progress">
          {MESSAGES.grid.savingToFolder(folderProgress.done, folderProgress.total)}
        </Text>
      ) : null}
      {account ? (
        <Button icon={<HeartOutlined />} disabled={none} loading={saving} onClick={toAccount}>
          {MESSAGES.grid.saveSelected}
        </Button>
      ) : null}
    </>
  );
}
