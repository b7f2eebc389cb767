import CloseIcon from '@mui/icons-material/Close';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Alert, Button, Dialog, DialogContent, DialogTitle, IconButton, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { QuestionPreview } from '../questions';
import type { QuestionImportItem, QuestionImportPreview } from '../providers/interchangeMethods';

/** What the author is told beside the preview: how the key is shown, and what the import adds later. */
function PreviewNotes({ preview }: { preview: QuestionImportPreview }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Alert severity="info" variant="outlined">
        {translate(preview.key === null ? 'interchange.page.preview_manual' : 'interchange.page.preview_key')}
      </Alert>
      {preview.has_media && (
        <Alert severity="info" variant="outlined">
          {translate('interchange.page.preview_media')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * "Preview" for one question of a dry run: a dialog showing it as a student will see it, filled in
 * with the answer that earns its whole mark, so the author checks the stem, the options and the key
 * before importing.
 */
export function ItemPreviewButton({ item }: { item: QuestionImportItem }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { preview } = item;
  if (!preview) return <>{translate('interchange.page.none')}</>;
  const title = translate('interchange.page.preview_title', { identifier: item.identifier });
  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityOutlinedIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('interchange.page.preview_label', { identifier: item.identifier })}
      >
        {translate('interchange.page.preview')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby={titleId}>
          <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {/* The dialog is named by its title alone, not by the close button beside it. */}
            <bdi id={titleId} style={{ flexGrow: 1 }}>
              {title}
            </bdi>
            <IconButton aria-label={translate('ra.action.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <PreviewNotes preview={preview} />
            <QuestionPreview question={preview} initialAnswer={preview.key} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
