import { type ReactNode, useId } from 'react';
import './designSystem.css';

export type Choice<T extends string> = { value: T; label: ReactNode };

type ChoiceGroupProps<T extends string> = {
  options: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
};

/**
 * One of a few choices, side by side as joined buttons: the browser's own radio buttons (arrow keys
 * move the choice, Tab leaves the group), drawn as antd's button-style Radio.Group was. antd's
 * Radio built its runtime styles the first time a group showed, on the path to a document's first
 * image on screen.
 */
export function ChoiceGroup<T extends string>({ options, value, onChange, disabled, ...aria }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" className={`ds-choice${disabled ? ' ds-choice--disabled' : ''}`} {...aria}>
      {options.map((option) => (
        <label
          key={option.value}
          className={`ds-choice__option${option.value === value ? ' ds-choice__option--checked' : ''}`}
        >
          <input
            type="radio"
            className="ds-choice__input"
            name={name}
            value={option.value}
            checked={option.value === value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
