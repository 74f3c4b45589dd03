import { rememberDownloadOptionsOpen, rememberedDownloadOptionsOpen } from 'browser-services/files';
import { type ReactNode, useId, useState } from 'react';
import { DEFAULT_NAME_TEMPLATE, type DownloadChoices, MESSAGES } from 'shared-contracts';
import { Text } from '../design-system/index.ts';

/**
 * The line beside "Download options": what every download does now, in the words of its controls,
 * so a visitor who never opens them still sees that a template or a conversion is in force.
 */
export function downloadOptionsSummary(choices: DownloadChoices, withOriginals: boolean): string {
  const g = MESSAGES.grid;
  // A blank template names the files as the default does (media-files' nameFromTemplate): say that one.
  const template = choices.nameTemplate.trim() === '' ? DEFAULT_NAME_TEMPLATE : choices.nameTemplate;
  const convert = g.convertFormats[choices.format];
  const parts = [
    g.namesSummary(template),
    choices.maxSide ? `${convert}, ${g.maxSideSummary(choices.maxSide)}` : convert,
    choices.removeMetadata ? g.metadataRemoved : g.metadataKept,
  ];
  if (withOriginals) {
    const rendition =
      choices.rendition === 'original' ? MESSAGES.rendition.zipOriginals : MESSAGES.rendition.zipAsShown;
    parts.push(`${g.renditionLabel}: ${rendition}`);
  }
  return parts.join(' · ');
}

/**
 * "Download options": a disclosure, closed until the visitor opens it (then open on their next
 * visit too), so the results come first. Its content stays mounted while closed: the choices live
 * in the grid and apply either way, and a Save to folder under way keeps its progress.
 */
export function DownloadOptions({ summary, children }: { summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(rememberedDownloadOptionsOpen);
  const panelId = useId();
  const summaryId = useId();
  const toggle = () => {
    setOpen(!open);
    rememberDownloadOptionsOpen(!open);
  };
  return (
    <div className="ie-results__options">
      <div className="ie-results__options-head">
        <button
          type="button"
          className="ie-results__options-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={summaryId}
          onClick={toggle}
        >
          {MESSAGES.grid.downloadOptions}
        </button>
        <Text
          type="secondary"
          id={summaryId}
          className="ie-results__options-summary"
          data-testid="download-options-summary"
        >
          {summary}
        </Text>
      </div>
      <div id={panelId} className="ie-results__options-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
