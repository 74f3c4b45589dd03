import { type ReactNode, useId, useState } from 'react';
import './designSystem.css';

export type AccordionItem = { key: string; label: ReactNode; children: ReactNode };

/**
 * Questions that open one at a time, in the theme's look (antd's Collapse and its motion cost a
 * page's first render more than the rest of it). The ARIA accordion pattern: each question is a
 * button in a heading, saying whether it is open and which region it shows; a closed answer is
 * not in the page at all.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<string | undefined>(undefined);
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="ds-accordion">
      {items.map((item) => {
        const expanded = open === item.key;
        const buttonId = `${id}-${item.key}-button`;
        const panelId = `${id}-${item.key}-panel`;
        return (
          <div key={item.key} className="ds-accordion__item">
            <Heading className="ds-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="ds-accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? undefined : item.key)}
              >
                <span className="ds-accordion__arrow" aria-hidden="true" />
                {item.label}
              </button>
            </Heading>
            {expanded ? (
              <section id={panelId} aria-labelledby={buttonId} className="ds-accordion__panel">
                {item.children}
              </section>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
