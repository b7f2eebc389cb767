import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, CircularProgress, FormHelperText, FormLabel, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../providers/errors';
import { ACCEPT, type MediaKind } from './mediaKinds';
import { mediaFileName, mediaUrl } from './mediaReferences';
import { MediaPreview } from './MediaPreview';
import { UPLOAD_FAILED, UPLOAD_FAILED_FILE, useDeleteMedia, useUploadMedia, type UploadedMedia } from './useMedia';

export interface MediaUploaderProps {
  kind: MediaKind;
  /** The media label the upload is filed under (e.g. `questions/media`); required by the server. */
  label: string;
  /** The stored reference (`media/abc.png`), or null. */
  value: string | null | undefined;
  onChange: (reference: string | null, uploaded?: UploadedMedia) => void;
  /** Catalog key naming the field. */
  title: string;
  /** A field error from the form (catalog key or message). */
  error?: string;
  /** The localize pages keep media but may not remove it (SPEC section 2). */
  hideRemove?: boolean;
  disabled?: boolean;
}

/**
 * Pick a file, upload it under `label`, see what was uploaded, remove it. The upload and the
 * removal are real calls: removing deletes the stored file.
 */
export function MediaUploader({
  kind,
  label,
  value,
  onChange,
  title,
  error,
  hideRemove,
  disabled,
}: MediaUploaderProps) {
  const translate = useTranslate();
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const message = failure ?? error;
  /** An upload that failed (not a removal, nor the form's own error): the spec's sentence first. */
  const [uploadFailed, setUploadFailed] = useState(false);
  const uploadMedia = useUploadMedia();
  const deleteMedia = useDeleteMedia();

  const upload = async () => {
    setBusy(true);
    setFailure(null);
    setUploadFailed(false);
    try {
      const uploaded = await uploadMedia(file, label);
      setFile(null);
      onChange(uploaded.relative_path, uploaded);
    } catch (failed) {
      setFailure(failed instanceof Error ? failed.message : UPLOAD_FAILED);
      // A file that was never chosen is the form's matter, not a failed upload.
      setUploadFailed(!(failed instanceof Error && failed.message === 'media.file_required'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!value) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteMedia(value);
      onChange(null);
    } catch (failed) {
      // Already gone: the question simply stops pointing at it.
      if ((failed as { status?: number }).status === 404) onChange(null);
      else setFailure(errorMessage(failed));
    } finally {
      setBusy(false);
    }
  };

  const url = mediaUrl(value);
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ mb: 2 }} data-testid={`uploader-${kind}`}>
      <FormLabel id={titleId} error={Boolean(message)} sx={{ display: 'block', mb: 0.5 }}>
        {translate(title, { _: title })}
      </FormLabel>
      {url && value ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <MediaPreview kind={kind} url={url} name={mediaFileName(value)} />
          {!hideRemove && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={remove} disabled={busy || disabled}>
              {translate('uploader.remove')}
            </Button>
          )}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={ACCEPT[kind]}
            data-testid={`uploader-${kind}-input`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFailure(null);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => inputRef.current?.click()}
            disabled={busy || disabled}
          >
            {translate('uploader.choose')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
            {file ? file.name : translate('uploader.no_file')}
          </Typography>
          <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={upload} disabled={busy || disabled}>
            {translate('uploader.upload')}
          </Button>
          {busy && <CircularProgress size={20} aria-label={translate('uploader.uploading')} />}
        </Box>
      )}
      {message && (
        <FormHelperText error role="alert" data-testid="upload-error">
          {uploadFailed && message !== UPLOAD_FAILED ? `${translate(UPLOAD_FAILED_FILE)}: ` : ''}
          {translate(uploadFailed && message === UPLOAD_FAILED ? UPLOAD_FAILED_FILE : message, { _: message })}
        </FormHelperText>
      )}
    </Box>
  );
}
