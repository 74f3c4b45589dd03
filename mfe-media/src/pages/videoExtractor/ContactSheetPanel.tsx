import { saveBlob } from 'browser-services/files';
import { toasts } from 'browser-services/toast';
import {
  SHEET_COLUMNS_DEFAULT,
  SHEET_COLUMNS_MAX,
  SHEET_COLUMNS_MIN,
  SHEET_WIDTH_DEFAULT,
  SHEET_WIDTH_MAX,
  SHEET_WIDTH_MIN,
} from 'media-files';
import { useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Text } from 'shared-ui/design-system';
import { Button } from 'shared-ui/design-system/button';
import { Slider } from 'shared-ui/design-system/slider';
import { Space } from 'shared-ui/design-system/space';
import { contactSheetPdf, drawContactSheet, type SheetVideo, sheetFileName } from '../../client/contactSheet.ts';

const m = MESSAGES.video.sheet;

/** One PNG (or PDF) of the frames shown, in a grid with their timestamps under a header; columns and width adjustable. */
export function ContactSheetPanel({ frames, video }: { frames: readonly ExtractedImage[]; video: SheetVideo }) {
  const [columns, setColumns] = useState(SHEET_COLUMNS_DEFAULT);
  const [width, setWidth] = useState(SHEET_WIDTH_DEFAULT);
  const [busy, setBusy] = useState<'png' | 'pdf'>();
  const download = async (kind: 'png' | 'pdf') => {
    setBusy(kind);
    try {
      const png = await drawContactSheet(frames, video, { columns, width });
      saveBlob(kind === 'png' ? png : await contactSheetPdf(png, video), sheetFileName(video, kind));
    } catch (error) {
      toasts.error(m.title, error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-labelledby="contact-sheet-title" style={{ maxWidth: 860, margin: '16px auto' }}>
      <Text strong id="contact-sheet-title">
        {m.title}
      </Text>
      <Space wrap size="large" align="center" style={{ width: '100%' }}>
        <Space>
          <Text id="sheet-columns-label">{m.columns(columns)}</Text>
          <Slider
            style={{ width: 140 }}
            min={SHEET_COLUMNS_MIN}
            max={SHEET_COLUMNS_MAX}
            value={columns}
            onChange={setColumns}
            ariaLabelledByForHandle="sheet-columns-label"
          />
        </Space>
        <Space>
          <Text id="sheet-width-label">{m.width(width)}</Text>
          <Slider
            style={{ width: 180 }}
            min={SHEET_WIDTH_MIN}
            max={SHEET_WIDTH_MAX}
            step={100}
            value={width}
            onChange={setWidth}
            ariaLabelledByForHandle="sheet-width-label"
          />
        </Space>
        <Button onClick={() => void download('png')} loading={busy === 'png'} disabled={busy !== undefined}>
          {m.png}
        </Button>
        <Button onClick={() => void download('pdf')} loading={busy === 'pdf'} disabled={busy !== undefined}>
          {m.pdf}
        </Button>
      </Space>
    </section>
  );
}
