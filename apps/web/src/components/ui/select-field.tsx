import { useId } from 'react';
import { FieldFrame } from './form.tsx';

interface SelectFieldProps<V extends string> {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly { value: V; label: string }[];
  /** Adds a first option with an empty value (e.g. 'Any gender'). */
  emptyLabel?: string;
  className?: string | undefined;
  disabled?: boolean;
}

export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  emptyLabel,
  className,
  disabled,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} className={className}>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as V | '')}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
