import { accountStore } from 'browser-services';
import { useState } from 'react';
import type { ExtractedImage } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';
import { CheckOutlined, HeartOutlined } from '../design-system/index.ts';
import { saveOneToAccount } from './saveImages.ts';
import { useAccount } from './useAccount.ts';

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
    await saveOneToAccount(image);
    setBusy(false);
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
