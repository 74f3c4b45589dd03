import type { TextareaHTMLAttributes } from 'react';
import './designSystem.css';

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'size'> & {
  /** `error`: the red border of a refused value (the design system's Form passes it). */
  status?: 'error';
  /** `large`: 16 px text, as a large TextInput. */
  size?: 'large';
};

/** Several lines of text in the input's look, as wide as its container (antd's TextArea is). */
export function TextArea({ status, size, className, rows = 4, ...rest }: TextAreaProps) {
  const classes = [
    'ds-input',
    'ds-textarea',
    status === 'error' ? 'ds-input--error' : '',
    size === 'large' ? 'ds-input--large' : '',
    className,
  ].filter(Boolean);
  return <textarea {...rest} rows={rows} className={classes.join(' ')} />;
}
