import { useEffect, useState } from 'react';

/**
 * A number input of the worksheet form that never changes a rule behind the user's back: what is
 * typed stays in the field as typed (it can be cleared, and "150" is not cut to "15"), and only a
 * whole number within min..max reaches the form. Anything else is reported through `onProblem` so the
 * form can say why and hold Save back; leaving the field puts the value the rule uses back.
 */
export function NumberField({
  value,
  min,
  max,
  onValue,
  onProblem,
  ...input
}: {
  value: number;
  min: number;
  max: number;
  onValue: (value: number) => void;
  /** null when the field holds a usable value (or its draft was dropped on leaving it). */
  onProblem: (problem: { min: number; max: number } | null) => void;
  disabled?: boolean;
  title?: string;
  'aria-label': string;
  'data-testid'?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  // The value changed from elsewhere (the slider, a reset): the field follows it.
  useEffect(() => {
    setDraft((d) => (d !== null && Number(d) === value ? d : null));
  }, [value]);
  const bad = draft !== null && !usable(draft, min, max);
  return (
    <input
      {...input}
      type="number"
      min={min}
      max={max}
      step={1}
      value={draft ?? String(value)}
      aria-invalid={bad || undefined}
      style={bad ? { borderColor: 'var(--chakra-colors-fg-error, #dc2626)', borderWidth: 2 } : undefined}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setDraft(text);
        if (usable(text, min, max)) {
          onProblem(null);
          if (Number(text) !== value) onValue(Number(text));
        } else onProblem({ min, max });
      }}
      onBlur={() => {
        setDraft(null);
        onProblem(null);
      }}
    />
  );
}

function usable(text: string, min: number, max: number): boolean {
  if (text.trim() === '') return false;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max;
}
