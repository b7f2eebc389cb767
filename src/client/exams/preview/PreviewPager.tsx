import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Button, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../format';
import { useLanguage } from '../../i18n/recordName';

/** Previous and next between the exam's pages, with "Page 2 of 3". */
export function PreviewPager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  // The RTL stylesheet mirrors layout, not icons: in Arabic "previous" points right and "next" left.
  const rtl = useTheme().direction === 'rtl';
  const PreviousIcon = rtl ? NavigateNextIcon : NavigateBeforeIcon;
  const NextIcon = rtl ? NavigateBeforeIcon : NavigateNextIcon;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
      <Button variant="outlined" startIcon={<PreviousIcon />} disabled={page === 0} onClick={() => onChange(page - 1)}>
        {translate('exams.preview.previous')}
      </Button>
      <Typography aria-live="polite">
        {translate('exams.preview.page', {
          page: formatNumber(page + 1, language),
          pages: formatNumber(pages, language),
        })}
      </Typography>
      <Button variant="outlined" endIcon={<NextIcon />} disabled={page >= pages - 1} onClick={() => onChange(page + 1)}>
        {translate('exams.preview.next')}
      </Button>
    </Box>
  );
}
