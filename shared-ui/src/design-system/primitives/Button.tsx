import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner.tsx';
import './designSystem.css';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** `primary`: the brand-coloured call to action; `default`: the outlined one. */
  type?: 'primary' | 'default';
  /** What the button does in a form: a plain button unless said otherwise, as antd's. */
  htmlType?: 'button' | 'submit' | 'reset';
  /** As wide as its container. */
  block?: boolean;
  /** Work under way: a spinner before the words, and no second click until it ends. */
  loading?: boolean;
  /** `large`: 40 px tall, 16 px text (a page's main action); `small`: 24 px, beside a line of text. */
  size?: 'large' | 'small';
};

/**
 * A button in antd's look (height 32, the theme's radius and colour). antd's Button builds its
 * styles at run time through the theme engine, the largest part of the work on a page whose only
 * antd components were a form's.
 */
export function Button({
  type = 'default',
  htmlType = 'button',
  block,
  loading = false,
  size,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'ds-button',
    `ds-button--${type}`,
    block ? 'ds-button--block' : '',
    size ? `ds-button--${size}` : '',
    loading ? 'ds-button--loading' : '',
    className,
  ].filter(Boolean);
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size={14} /> : null}
      {children}
    </button>
  );
}
