import type { ReactNode } from 'react';
import './designSystem.css';

type FieldProps = {
  label: ReactNode;
  /** The id of the control the label names. */
  htmlFor: string;
  /** A line under the control (a hint, or the reason it was refused). */
  help?: ReactNode;
  className?: string;
  children: ReactNode;
};

/**
 * A labelled control in a plain `<form>`, laid out as antd's vertical Form.Item. For forms with no
 * validation rules: antd's Form (field store, rules, label tooltips) adds 16 KB gzip to a page that
 * only submits a URL. Forms that validate use the design system's Form.
 */
export function Field({ label, htmlFor, help, className, children }: FieldProps) {
  return (
    <div className={className ? `ds-field ${className}` : 'ds-field'}>
      <label className="ds-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {help ? <div className="ds-field__help">{help}</div> : null}
    </div>
  );
}
