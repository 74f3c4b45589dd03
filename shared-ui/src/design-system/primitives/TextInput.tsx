import type { InputHTMLAttributes } from 'react';
import './designSystem.css';

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** The kinds of one-line text (each brings its own keyboard on a phone). */
  type?: 'text' | 'email' | 'tel' | 'url' | 'search';
  /** `error`: the red border of a refused value (the design system's Form passes it). */
  status?: 'error';
};

/**
 * One line of text in the theme's look, without antd's Input (its affixes, clear button and
 * runtime styles). In a Form.Item it fills the item's width, as antd's Input does.
 */
export function TextInput({ type = 'text', status, className, ...rest }: TextInputProps) {
  const classes = ['ds-input', status === 'error' ? 'ds-input--error' : '', className].filter(Boolean);
  return <input {...rest} type={type} className={classes.join(' ')} />;
}
