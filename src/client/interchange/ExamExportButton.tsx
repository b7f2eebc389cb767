import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDownload } from '../components/import-flow';
import { useInterchange } from './useInterchange';

/** An exam as a QTI 3.0 package: its questions' items and an assessment test in the exam's order. */
export function ExamExportButton({ examId }: { examId: number }) {
  const translate = useTranslate();
  const interchange = useInterchange();
  const { pending, download } = useDownload();
  return (
    <Button
      startIcon={<DownloadIcon />}
      loading={pending !== null}
      loadingPosition="start"
      onClick={() => download('qti3', () => interchange.exportExam(examId))}
      data-testid="exam-export-qti"
    >
      {translate('interchange.exam_export')}
    </Button>
  );
}
