import { FIGURE_DPIS, type FigureDpi, MESSAGES } from 'shared-contracts';
import { ChoiceGroup, NativeSelect, Text } from 'shared-ui/design-system';
import type { FindMode } from '../worker/protocol.ts';

/** What the PDF screen finds: its images, its figures (and tables, with their captions), or both. */
export type FindChoiceValue = { mode: FindMode; dpi: FigureDpi };

export const DEFAULT_FIND: FindChoiceValue = { mode: 'images', dpi: FIGURE_DPIS[0] };

const MODES = (['images', 'figures', 'both'] as const).map((mode) => ({
  value: mode,
  label: MESSAGES.figures.find[mode],
}));
const DPIS = FIGURE_DPIS.map((dpi) => ({ value: String(dpi), label: MESSAGES.figures.dpi(dpi) }));

/**
 * The PDF screen's choice before Extract: images (the default), figures or both, and the figures'
 * resolution once figures are asked for. Radio buttons and a select of the browser's own, so the
 * keyboard works as everywhere (arrows move the choice, Tab leaves it).
 */
export function FindChoice({
  value,
  onChange,
  disabled,
}: {
  value: FindChoiceValue;
  onChange: (value: FindChoiceValue) => void;
  disabled: boolean;
}) {
  return (
    <div className="ie-doc-extractor__find" data-testid="find-choice">
      <div className="ie-doc-extractor__find-field">
        <Text strong id="ie-find-label">
          {MESSAGES.figures.findLabel}
        </Text>
        <ChoiceGroup
          aria-labelledby="ie-find-label"
          value={value.mode}
          onChange={(mode) => onChange({ ...value, mode })}
          options={MODES}
          disabled={disabled}
        />
      </div>
      {value.mode === 'images' ? null : (
        <div className="ie-doc-extractor__find-field">
          <label htmlFor="ie-figure-dpi">
            <Text strong>{MESSAGES.figures.dpiLabel}</Text>
          </label>
          <NativeSelect
            id="ie-figure-dpi"
            value={String(value.dpi)}
            onChange={(dpi) => onChange({ ...value, dpi: Number(dpi) as FigureDpi })}
            options={DPIS}
            disabled={disabled}
            aria-describedby="ie-find-help"
          />
        </div>
      )}
      <Text type="secondary" id="ie-find-help" className="ie-doc-extractor__find-help">
        {MESSAGES.figures.findHelp}
      </Text>
    </div>
  );
}
