import type { ReactNode } from 'react';
import './designSystem.css';

export type StepItem = { title: ReactNode; text: ReactNode };

/** Numbered steps in a row (a column on narrow screens): an ordered list, read as one by screen readers. */
export function StepList({ steps }: { steps: readonly StepItem[] }) {
  return (
    <ol className="ds-steps">
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: steps are a fixed list; their order is their identity.
        <li key={index} className="ds-steps__item">
          <span className="ds-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <div className="ds-steps__title">{step.title}</div>
            <div className="ds-steps__text">{step.text}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}
