import { logError } from 'browser-services/log';
import { useEffect, useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Alert } from '../design-system/antd/alert.ts';
import { Modal } from '../design-system/antd/modal.ts';
import { Spinner, Text } from '../design-system/index.ts';
import { type ImageMetadata, readMetadata } from './readMetadata.ts';
import './MetadataPanel.css';

const m = MESSAGES.metadata;

type Reading = { state: 'reading' } | { state: 'read'; metadata: ImageMetadata } | { state: 'failed' };

/** Decimal degrees as people paste them into a map: 6 places, about 10 cm. */
const degrees = (value: number) => value.toFixed(6);

/**
 * A card's Details: the image's metadata, read when the panel opens (this module and exifr load
 * with the click). GPS comes with a warning: a photo that says where it was taken says it to
 * everyone it is shared with.
 */
export default function MetadataPanel({ image, onClose }: { image: ExtractedImage; onClose: () => void }) {
  const [reading, setReading] = useState<Reading>({ state: 'reading' });
  const { url, originalFormat } = image;
  useEffect(() => {
    let live = true;
    readMetadata({ url, originalFormat }).then(
      (metadata) => live && setReading({ state: 'read', metadata }),
      (error: unknown) => {
        logError('shared-ui', error, 'the metadata could not be read');
        if (live) setReading({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [url, originalFormat]);

  return (
    <Modal open title={m.title(image.name)} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="metadata-panel" aria-live="polite">
        {reading.state === 'reading' ? (
          <Text type="secondary">
            <Spinner size={16} /> {m.reading}
          </Text>
        ) : null}
        {reading.state === 'failed' ? <Alert type="error" showIcon title={m.unreadable} /> : null}
        {reading.state === 'read' ? <MetadataList metadata={reading.metadata} /> : null}
      </div>
    </Modal>
  );
}

function MetadataList({ metadata }: { metadata: ImageMetadata }) {
  const rows: [string, string | undefined][] = [
    [m.camera, metadata.camera],
    [m.dateTaken, metadata.dateTaken],
    [m.orientation, metadata.orientation],
    [m.gps, metadata.gps && `${degrees(metadata.gps.latitude)}, ${degrees(metadata.gps.longitude)}`],
    [m.iccProfile, metadata.iccProfile],
    [m.creator, metadata.creator],
    [m.copyright, metadata.copyright],
  ];
  const present = rows.filter((row): row is [string, string] => row[1] !== undefined);
  if (present.length === 0) return <Text type="secondary">{m.none}</Text>;
  return (
    <>
      {metadata.gps ? <Alert type="warning" showIcon title={m.gpsWarning} style={{ marginBottom: 12 }} /> : null}
      <dl className="ie-metadata">
        {present.map(([term, value]) => (
          <div key={term} className="ie-metadata__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
