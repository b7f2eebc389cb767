import { Box, FormHelperText, FormLabel } from '@mui/material';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId } from 'react';
import { useTranslate } from 'react-admin';
import { isRTL } from '../../../locales/languages';
import { RICH_TEXT_EXTENSIONS } from './extensions';
import { RichTextToolbar } from './RichTextToolbar';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The content's language (not the console's): ar, he, fa and ur run right to left; `auto` follows the first letter typed. */
  language: string;
  /** A catalog key or text naming the field. */
  label: string;
  /** A catalog key or message shown under the field. */
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** A one-line field (an option, an item) rather than a paragraph box. */
  compact?: boolean;
}

// The stored value of an editor holding no text, so "required" checks see nothing.
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A controlled rich-text field (bold and color only). Loaded lazily through `RichText` so the
 * editor's code stays out of the main bundle.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  language,
  label,
  error,
  helperText,
  disabled,
  compact,
}: RichTextEditorProps) {
  const translate = useTranslate();
  const labelId = useId();
  const messageId = useId();
  const dir = language === 'auto' ? 'auto' : isRTL(language) ? 'rtl' : 'ltr';
  const message = error ?? helperText;

  // Options are re-applied on every render (tiptap compares them), so the attributes follow the props.
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
    onBlur: () => onBlur?.(),
    editorProps: {
      // ProseMirror's contenteditable is the textbox itself.
      attributes: {
        role: 'textbox',
        'aria-multiline': String(!compact),
        'aria-labelledby': labelId,
        ...(message ? { 'aria-describedby': messageId } : {}),
        'aria-invalid': String(Boolean(error)),
        dir,
        ...(language === 'auto' ? {} : { lang: language }),
      },
    },
  });

  // tiptap destroys an editor whose component was hidden (a Suspense fallback) and hands out a new
  // one on the next render; effects that run in between must leave the destroyed one alone.
  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value changed from outside (a reset, a loaded record) replaces the content.
  useEffect(() => {
    if (!editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box sx={{ mb: 1, width: '100%' }} data-testid="rich-text">
      <FormLabel id={labelId} error={Boolean(error)} sx={{ display: 'block', mb: 0.5, fontSize: '0.875rem' }}>
        {translate(label, { _: label })}
      </FormLabel>
      <RichTextToolbar editor={editor} disabled={disabled} />
      <Box
        dir={dir}
        sx={{
          '& .ProseMirror': {
            minHeight: compact ? 40 : 96,
            px: 1.5,
            py: 1,
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
            textAlign: 'start',
            outline: 'none',
            '&:focus': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
            '& p': { my: 0.5 },
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      {message && (
        <FormHelperText id={messageId} error={Boolean(error)}>
          {translate(message, { _: message })}
        </FormHelperText>
      )}
    </Box>
  );
}
