import type { TextareaHTMLAttributes } from 'react';
import './designSystem.css';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  /** `error`: the red border of a refused value (the design system's Form passes it). */
  status?: 'error';
};

/** Several lines of text in the input's look, as wide as its container (antd's TextArea is). */
export function TextArea({ status, className, rows = 4, ...rest }: TextAreaProps) {
  const classes = ['ds-input', 'ds-textarea', status === 'error' ? 'ds-input--error' : '', className].filter(Boolean);
  return <textarea {...rest} rows={rows} className={classes.join(' ')} />;
}
