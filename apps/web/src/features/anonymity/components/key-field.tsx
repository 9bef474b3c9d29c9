/**
 * The field a private key is pasted or typed into: as it is, without the autocorrection,
 * capitals or spelling marks a phone would add to what looks like words.
 */
import { useId } from 'react';
import { describedBy, FieldFrame } from '../../../components/ui/form.tsx';
import { KEY_TEXT } from '../../../lib/key-messages.ts';

interface KeyFieldProps {
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}

export function KeyField({ value, error, onChange }: KeyFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={KEY_TEXT.keyInput} error={error}>
      <input
        id={id}
        value={value}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
