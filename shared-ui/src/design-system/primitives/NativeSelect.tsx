import type { SelectHTMLAttributes } from 'react';
import './designSystem.css';

type NativeSelectProps<T extends string> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
};

/**
 * One value from a short list: the browser's own select (its keyboard, its list on phones) in the
 * theme's look. For one value; choosing several (tags) is antd's Select.
 */
export function NativeSelect<T extends string>({ value, onChange, options, className, ...rest }: NativeSelectProps<T>) {
  return (
    <select
      {...rest}
      className={['ds-input', 'ds-select', className].filter(Boolean).join(' ')}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
