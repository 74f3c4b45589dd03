import { type InputHTMLAttributes, useState } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '../icons.ts';
import './designSystem.css';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** `error`: the red border of a refused value (the design system's Form passes it). */
  status?: 'error';
};

/**
 * A password field with a show/hide button inside it, as antd's Password. The button is a real
 * button (Tab reaches it, Space or Enter presses it), 24 px square: antd's 14 px icon is under a
 * touch target's minimum. Its icon shows the current state (crossed out while the text is hidden).
 */
export function PasswordInput({ status, className, disabled, style, ...rest }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const classes = [
    'ds-input',
    'ds-input--affixed',
    'ds-password',
    status === 'error' ? 'ds-input--error' : '',
    disabled ? 'ds-input--disabled' : '',
    className,
  ].filter(Boolean);
  return (
    <span className={classes.join(' ')} style={style}>
      <input {...rest} type={shown ? 'text' : 'password'} disabled={disabled} className="ds-input__control" />
      <button
        type="button"
        className="ds-password__toggle"
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        disabled={disabled}
        onClick={() => setShown((now) => !now)}
      >
        {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
      </button>
    </span>
  );
}
