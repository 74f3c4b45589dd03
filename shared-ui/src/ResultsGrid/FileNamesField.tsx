import { NAME_TOKENS } from 'media-files';
import { MESSAGES } from 'shared-contracts';
import { Text, TextInput } from '../design-system/index.ts';

/** How many names the live preview shows. */
export const NAMES_PREVIEWED = 3;

/** The "File names" template and a live preview of the first names it gives the images shown. */
export function FileNamesField({
  template,
  onChange,
  firstNames,
}: {
  template: string;
  onChange: (template: string) => void;
  firstNames: readonly string[];
}) {
  return (
    <div className="ie-results__names">
      <label htmlFor="ie-name-template">{MESSAGES.grid.fileNames}</label>
      <TextInput
        id="ie-name-template"
        value={template}
        maxLength={300}
        spellCheck={false}
        autoComplete="off"
        aria-describedby="ie-name-template-help ie-name-template-preview"
        onChange={(event) => onChange(event.target.value)}
        className="ie-results__control ie-results__control--template"
      />
      <Text type="secondary" id="ie-name-template-preview" data-testid="names-preview" aria-live="polite">
        {MESSAGES.grid.namesPreview(firstNames.slice(0, NAMES_PREVIEWED))}
      </Text>
      <Text type="secondary" id="ie-name-template-help" className="ie-results__names-help">
        {MESSAGES.grid.fileNamesHelp(NAME_TOKENS)}
      </Text>
    </div>
  );
}
