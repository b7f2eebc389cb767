import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatColorResetIcon from '@mui/icons-material/FormatColorReset';
import { Box, ToggleButton } from '@mui/material';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useTranslate } from 'react-admin';
import { TEXT_COLORS } from './extensions';

/**
 * Bold and a small color palette. Every control is a real button (Tab reaches it, Enter or
 * Space applies it) and names itself, so the toolbar works without a mouse or a screen.
 */
export function RichTextToolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const translate = useTranslate();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      color: (current.getAttributes('textStyle').color as string | undefined) ?? null,
    }),
  });
  const boldLabel = translate('ra.tiptap.bold');
  // Keep the editor's selection: a mouse press on a button would otherwise blur it first.
  const keepSelection = (event: React.MouseEvent) => event.preventDefault();

  return (
    <Box
      role="toolbar"
      aria-label={translate('ra.tiptap.toolbar')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}
    >
      <ToggleButton
        value="bold"
        size="small"
        selected={state.bold}
        disabled={disabled}
        aria-label={boldLabel}
        title={boldLabel}
        onMouseDown={keepSelection}
        onClick={() => editor.chain().focus().toggleBold().run()}
      >
        <FormatBoldIcon fontSize="small" />
      </ToggleButton>
      {TEXT_COLORS.map((color) => {
        const label = translate('ra.tiptap.color_named', { color: translate(`ra.tiptap.colors.${color.name}`) });
        return (
          <ToggleButton
            key={color.name}
            value={color.value}
            size="small"
            selected={state.color === color.value}
            disabled={disabled}
            aria-label={label}
            title={label}
            onMouseDown={keepSelection}
            onClick={() => editor.chain().focus().setColor(color.value).run()}
          >
            <Box component="span" sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: color.value }} />
          </ToggleButton>
        );
      })}
      <ToggleButton
        value="reset"
        size="small"
        disabled={disabled}
        aria-label={translate('ra.tiptap.remove_color')}
        title={translate('ra.tiptap.remove_color')}
        onMouseDown={keepSelection}
        onClick={() => editor.chain().focus().unsetColor().run()}
      >
        <FormatColorResetIcon fontSize="small" />
      </ToggleButton>
    </Box>
  );
}
