import { useController } from 'react-hook-form';
import { RichText } from './RichText';

export interface RichTextInputProps {
  /** The form field holding the HTML. */
  source: string;
  label: string;
  /** The content's language: decides the direction (see `RichText`). */
  language: string;
  compact?: boolean;
  disabled?: boolean;
}

/** The rich-text field bound to the surrounding react-hook-form form (react-admin's forms are). */
export function RichTextInput({ source, label, language, compact, disabled }: RichTextInputProps) {
  const { field, fieldState } = useController({ name: source });
  return (
    <RichText
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      language={language}
      label={label}
      error={fieldState.error?.message}
      compact={compact}
      disabled={disabled}
    />
  );
}
