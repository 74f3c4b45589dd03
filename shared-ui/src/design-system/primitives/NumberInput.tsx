import { type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import './designSystem.css';

type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'size'> & {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** A unit shown after the number (`px`). */
  suffix?: ReactNode;
  /** `error`: the red border of a refused value (the design system's Form passes it). */
  status?: 'error';
};

const clamp = (value: number, min?: number, max?: number) =>
  Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, value));

/**
 * A whole number: the browser's own number input (arrow keys, spinner, mobile keypad) in the
 * theme's look. What the visitor types is kept while they type; the value handed out is always a
 * whole number within min and max, applied as they type and settled on blur. antd's InputNumber
 * costs 8 KB gzip, and its `addonAfter` is deprecated.
 */
export function NumberInput({
  value,
  onChange,
  min,
  max,
  step = 1,
  suffix,
  status,
  className,
  onBlur,
  ...rest
}: NumberInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((shown) => (Number(shown) === value && shown.trim() !== '' ? shown : String(value)));
  }, [value]);
  const classes = ['ds-input', status === 'error' ? 'ds-input--error' : '', className].filter(Boolean);
  const input = (
    <input
      {...rest}
      type="number"
      inputMode="numeric"
      className={suffix ? 'ds-input__control' : classes.join(' ')}
      min={min}
      max={max}
      step={step}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.valueAsNumber;
        if (Number.isFinite(typed)) onChange(clamp(Math.round(typed), min, max));
      }}
      onBlur={(event) => {
        setText(String(value));
        onBlur?.(event);
      }}
    />
  );
  if (!suffix) return input;
  return (
    <span className={[...classes, 'ds-input--affixed'].join(' ')}>
      {input}
      <span className="ds-input__suffix">{suffix}</span>
    </span>
  );
}
