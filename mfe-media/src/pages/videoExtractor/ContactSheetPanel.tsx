import { saveBlob } from 'browser-services/files';
import { toasts } from 'browser-services/toast';
import { SHEET_SETTINGS } from 'media-files';
import { useState } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { Text } from 'shared-ui/design-system';
import { Button } from 'shared-ui/design-system/button';
import { Slider } from 'shared-ui/design-system/slider';
import { Space } from 'shared-ui/design-system/space';
import { contactSheetPdf, drawContactSheet, type SheetVideo, sheetFileName } from '../../client/contactSheet.ts';

const m = MESSAGES.video.sheet;

/** The sheet's sliders, each on its row of media-files' table (bounds and default). */
const SLIDERS = [
  { setting: 'columns', label: m.columns, width: 140, step: 1 },
  { setting: 'width', label: m.width, width: 180, step: 100 },
] as const;

type SheetChoice = Record<(typeof SLIDERS)[number]['setting'], number>;

/** One PNG (or PDF) of the frames shown, in a grid with their timestamps under a header; columns and width adjustable. */
export function ContactSheetPanel({ frames, video }: { frames: readonly ExtractedImage[]; video: SheetVideo }) {
  const [choice, setChoice] = useState<SheetChoice>({
    columns: SHEET_SETTINGS.columns.default,
    width: SHEET_SETTINGS.width.default,
  });
  const [busy, setBusy] = useState<'png' | 'pdf'>();
  const download = async (kind: 'png' | 'pdf') => {
    setBusy(kind);
    try {
      const png = await drawContactSheet(frames, video, choice);
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
        {SLIDERS.map(({ setting, label, width, step }) => (
          <Space key={setting}>
            <Text id={`sheet-${setting}-label`}>{label(choice[setting])}</Text>
            <Slider
              style={{ width }}
              min={SHEET_SETTINGS[setting].min}
              max={SHEET_SETTINGS[setting].max}
              step={step}
              value={choice[setting]}
              onChange={(value) => setChoice((old) => ({ ...old, [setting]: value }))}
              ariaLabelledByForHandle={`sheet-${setting}-label`}
            />
          </Space>
        ))}
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
