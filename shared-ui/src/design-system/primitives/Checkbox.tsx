import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import './designSystem.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'children'> & {
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The label, clickable with the box; without one, give the box an aria-label. */
  children?: ReactNode;
};

/**
 * A checkbox: the browser's own (Space toggles it, its label is its name) in the theme's colour.
 * antd's Checkbox drew the same, but its runtime styles, built the first time one is shown, were
 * a tenth of the time from a document's first image to its card (the grid shows one per card).
 */
export function Checkbox({ children, className, disabled, ...input }: CheckboxProps) {
  if (children === undefined) {
    return <input {...input} type="checkbox" disabled={disabled} className="ds-checkbox__box" />;
  }
  const classes = ['ds-checkbox', disabled ? 'ds-checkbox--disabled' : '', className].filter(Boolean);
  return (
    <label className={classes.join(' ')}>
      <input {...input} type="checkbox" disabled={disabled} className="ds-checkbox__box" />
      <span>{children}</span>
    </label>
  );
}
