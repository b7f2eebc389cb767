import DescriptionIcon from '@mui/icons-material/Description';
import { Box, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MediaKind } from './mediaKinds';

/** What was uploaded, shown the way it will be used: a picture, a player, or a download link. */
export function MediaPreview({ kind, url, name }: { kind: MediaKind; url: string; name: string }) {
  const translate = useTranslate();
  if (kind === 'image') {
    return (
      <Box
        component="img"
        src={url}
        alt={translate('uploader.preview_alt')}
        sx={{ maxWidth: 320, maxHeight: 200, borderRadius: 1, display: 'block' }}
      />
    );
  }
  if (kind === 'audio') {
    return <audio controls src={url} aria-label={translate('uploader.audio_player')} style={{ maxWidth: '100%' }} />;
  }
  return (
    <Link href={url} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <DescriptionIcon fontSize="small" />
      {name}
    </Link>
  );
}
