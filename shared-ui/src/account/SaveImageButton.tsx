import { accountStore } from 'browser-services';
import { toasts } from 'browser-services/toast';
import { useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';
import { CheckOutlined, HeartOutlined } from '../design-system/index.ts';
import { useAccount } from './useAccount.ts';

const m = MESSAGES.account;

/**
 * Save to My Downloads, on every result card for a signed-in visitor; nothing for the others.
 * Saved shows as such and cannot be pressed again; a device image's saved state is known once
 * pressed (its address changes per visit, its bytes decide), and the store never saves it twice.
 */
export function SaveImageButton({ image }: { image: ExtractedImage }) {
  const account = useAccount();
  const [busy, setBusy] = useState(false);
  if (!account) return null;
  // Read on every account change, so deleting it on /profile (in any tab) offers Save again.
  const saved = Boolean(accountStore.savedItemFor(image));

  const save = async () => {
    setBusy(true);
    const result = await accountStore.saveImage(image);
    setBusy(false);
    if (result.ok) {
      const { title, description } = result.alreadySaved ? m.alreadySaved : m.imageSaved;
      toasts.success(title, description);
    } else if (result.code === 'unreadable-image') {
      toasts.error(m.saveFailed.title, m.saveFailed.unreadable);
    } else if (result.code === 'storage') {
      toasts.error(m.saveFailed.title, m.saveFailed.storage);
    }
    // storage-full: the store has shown its toast; not-signed-in: the button is gone already.
  };

  return saved ? (
    <Button size="small" icon={<CheckOutlined />} disabled aria-label={`${image.name} is saved`}>
      Saved
    </Button>
  ) : (
    <Button size="small" icon={<HeartOutlined />} loading={busy} onClick={save} aria-label={`Save ${image.name}`}>
      Save
    </Button>
  );
}
