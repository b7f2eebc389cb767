import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A file to import: a button that opens the browser's chooser (the input itself is hidden) and the
 * chosen file's name, which describes the button. `labels` are catalog keys.
 */
export function FileChooser({
  file,
  accept,
  onChoose,
  disabled,
  labels,
  testId,
}: {
  file: File | null;
  accept: string;
  onChoose: (file: File | null) => void;
  disabled: boolean;
  labels: { choose: string; none: string };
  testId: string;
}) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const fileNameId = useId();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(event) => {
          onChoose(event.target.files?.[0] ?? null);
          // The same path may be chosen again once the file is corrected.
          event.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        aria-describedby={fileNameId}
        disabled={disabled}
      >
        {translate(labels.choose)}
      </Button>
      <Typography id={fileNameId} variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
        {file ? <bdi>{file.name}</bdi> : translate(labels.none)}
      </Typography>
    </Stack>
  );
}
