import { TextInput, type TextInputProps } from 'react-admin';

/** "2026-12-01 09:00:00" (the wire format) -> "2026-12-01T09:00" (what a datetime-local input shows). */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]}T${match[2]}` : '';
}

/** The input's "2026-12-01T09:00" -> "2026-12-01 09:00:00", the `YYYY-MM-DD HH:mm:ss` the spec stores. */
export function fromLocalInput(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(value ?? '');
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : '';
}

/**
 * A start or end picker: the browser's date-time picker, in the schools' wall-clock time,
 * producing the spec's `YYYY-MM-DD HH:mm:ss` text.
 */
export function WallTimeInput(props: Omit<TextInputProps, 'format' | 'parse' | 'type'>) {
  return (
    <TextInput
      {...props}
      type="datetime-local"
      format={toLocalInput}
      parse={fromLocalInput}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
}
