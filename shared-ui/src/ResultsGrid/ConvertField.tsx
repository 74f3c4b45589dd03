import { DOWNLOAD_FORMATS, DOWNLOAD_MAX_SIDE, type DownloadChoices, MESSAGES } from 'shared-contracts';
import { Checkbox, NativeSelect, NumberInput, Text } from '../design-system/index.ts';

type ConvertChoices = Pick<DownloadChoices, 'format' | 'quality' | 'maxSide' | 'removeMetadata'>;

/**
 * Convert on download: Keep original (default), PNG, JPEG or WebP with a quality, and a longest
 * side; beside it, Remove metadata (off by default).
 */
export function ConvertField({
  choices,
  onChange,
}: {
  choices: ConvertChoices;
  onChange: (change: Partial<ConvertChoices>) => void;
}) {
  const lossy = choices.format === 'jpeg' || choices.format === 'webp';
  return (
    <div className="ie-results__names">
      <Text id="ie-convert-label">{MESSAGES.grid.convertLabel}</Text>
      <NativeSelect
        aria-labelledby="ie-convert-label"
        className="ie-results__control ie-results__control--convert"
        value={choices.format}
        onChange={(format) => onChange({ format })}
        options={DOWNLOAD_FORMATS.map((format) => ({ value: format, label: MESSAGES.grid.convertFormats[format] }))}
      />
      {lossy ? (
        <>
          <Text id="ie-quality-label">{MESSAGES.grid.quality}</Text>
          <NumberInput
            aria-labelledby="ie-quality-label"
            min={1}
            max={100}
            value={choices.quality}
            onChange={(quality) => onChange({ quality })}
            className="ie-results__control ie-results__control--quality"
          />
        </>
      ) : null}
      <Text id="ie-max-side-label">{MESSAGES.grid.maxSide}</Text>
      <NumberInput
        aria-labelledby="ie-max-side-label"
        min={0}
        max={DOWNLOAD_MAX_SIDE}
        step={100}
        value={choices.maxSide ?? 0}
        onChange={(side) => onChange({ maxSide: side > 0 ? side : undefined })}
        suffix="px"
        className="ie-results__control ie-results__control--number"
      />
      <Text type="secondary" className="ie-results__names-help">
        {MESSAGES.grid.convertHelp}
      </Text>
      <Checkbox
        checked={choices.removeMetadata}
        aria-describedby="ie-remove-metadata-help"
        onChange={(event) => onChange({ removeMetadata: event.target.checked })}
      >
        {MESSAGES.grid.removeMetadata}
      </Checkbox>
      <Text type="secondary" id="ie-remove-metadata-help" className="ie-results__names-help">
        {MESSAGES.grid.removeMetadataHelp}
      </Text>
    </div>
  );
}
