import { MESSAGES } from 'shared-contracts';
import { Checkbox, Paragraph } from 'shared-ui/design-system';

const m = MESSAGES.originals;

/**
 * "Full-size originals", on by default: where a page shows a CDN's or a CMS's resized copy, the
 * server offers the larger original behind it, once checked to be the same picture. The URL and
 * website tools both show it.
 */
export function FullSizeOption({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="url-website__option">
      <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)}>
        {m.switchLabel}
      </Checkbox>
      <Paragraph type="secondary" style={{ margin: '4px 0 0 24px', fontSize: 13 }}>
        {m.switchHelp}
      </Paragraph>
    </div>
  );
}

/**
 * "Cut CSS sprites", under Render JavaScript and only with it: a sprite sheet is one image holding
 * many icons; the rendered page's pieces of it come out as pictures of their own.
 */
export function SpritesOption({
  render,
  checked,
  onChange,
}: {
  render: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="url-website__option url-website__option--nested">
      <Checkbox checked={render && checked} disabled={!render} onChange={(event) => onChange(event.target.checked)}>
        {MESSAGES.capture.spritesLabel}
      </Checkbox>
    </div>
  );
}

/** "Prefer original formats", off by default: JPEG/PNG asked for where a server would send WebP or AVIF. */
export function OriginalFormatsOption({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="url-website__option">
      <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)}>
        {m.formatsLabel}
      </Checkbox>
      <Paragraph type="secondary" style={{ margin: '4px 0 0 24px', fontSize: 13 }}>
        {m.formatsHelp}
      </Paragraph>
    </div>
  );
}

/**
 * "Audit images", off by default: the scan also reads what the image audit needs, and the results
 * get an Audit tab. The URL tool then runs its address as a scan job (of its start pages only).
 */
export function AuditOption({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="url-website__option">
      <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)}>
        {MESSAGES.audit.switchLabel}
      </Checkbox>
      <Paragraph type="secondary" style={{ margin: '4px 0 0 24px', fontSize: 13 }}>
        {MESSAGES.audit.switchHelp}
      </Paragraph>
    </div>
  );
}
