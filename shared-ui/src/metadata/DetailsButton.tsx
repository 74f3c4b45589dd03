import { lazy, Suspense, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Button } from '../design-system/antd/button.ts';
import { InfoCircleOutlined } from '../design-system/index.ts';

// The panel, antd's Modal and exifr load with the first click on Details, never with the page.
const MetadataPanel = lazy(() => import('./MetadataPanel.tsx'));

/** "Details" on a card: opens the image's metadata panel. */
export function DetailsButton({ image }: { image: ExtractedImage }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<InfoCircleOutlined />}
        aria-label={MESSAGES.metadata.detailsLabel(image.name)}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {MESSAGES.metadata.details}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <MetadataPanel image={image} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
