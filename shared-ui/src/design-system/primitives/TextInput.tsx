import type { InputHTMLAttributes } from 'react';
import './designSystem.css';

/**
 * One line of text in the theme's look, without antd's Input (its affixes, clear button and
 * runtime styles): for a plain field shown on the way to something else, such as the grid's
 * file-name template. Forms with validation use antd's Input through the design system's Form.
 */
export function TextInput({ className, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input {...rest} type="text" className={['ds-input', className].filter(Boolean).join(' ')} />;
}
