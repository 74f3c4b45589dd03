import type { ComponentPropsWithRef, ReactNode } from 'react';
import './designSystem.css';

type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'size' | 'prefix'> & {
  /** The kinds of one-line text (each brings its own keyboard on a phone). */
  type?: 'text' | 'email' | 'tel' | 'url' | 'search';
  /** `error`: the red border of a refused value (the design system's Form passes it). */
  status?: 'error';
  /** `large`: 40 px tall, 16 px text (a page's main field). */
  size?: 'large';
  /** An icon at the field's start, inside its border (decorative: the label names the field). */
  prefix?: ReactNode;
};

/**
 * One line of text in the theme's look, without antd's Input (its affixes, clear button and
 * runtime styles). In a Form.Item it fills the item's width, as antd's Input does.
 */
export function TextInput({ type = 'text', status, size, prefix, className, style, ...rest }: TextInputProps) {
  const classes = [
    'ds-input',
    status === 'error' ? 'ds-input--error' : '',
    size === 'large' ? 'ds-input--large' : '',
    className,
  ].filter(Boolean);
  if (prefix === undefined) return <input {...rest} type={type} style={style} className={classes.join(' ')} />;
  return (
    <span className={[...classes, 'ds-input--affixed'].join(' ')} style={style}>
      <span className="ds-input__prefix" aria-hidden="true">
        {prefix}
      </span>
      <input {...rest} type={type} className="ds-input__control" />
    </span>
  );
}
