import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { AREAS } from '../../common/permission-catalog';
import { permissionFor } from '../../common/permissions';
import { useAccess } from '../auth';
import { useNotifyResult } from '../components/useNotifyResult';
import { formatNumber } from '../format';
import { useLanguage } from '../i18n/recordName';
import type { ExamDayTarget } from '../providers/examDayMethods';
import { useAppDataProvider } from '../providers/appDataProvider';

const RELEASE = [permissionFor(AREAS.resultReleases, 'create')];
const WITHDRAW = [permissionFor(AREAS.resultReleases, 'delete')];

/**
 * Whether the results have reached the students shown (and their school staff), and, for authors
 * and admins, the release of them and its withdrawal, for the students shown.
 */
export function ReleaseControls({
  examId,
  released,
  total,
  target,
  targetLabel,
  whole = false,
  onChanged,
}: {
  examId: number;
  released: number;
  total: number;
  target: ExamDayTarget;
  targetLabel: string;
  /** The whole exam is shown: the confirmation speaks of every student assigned, not of a name. */
  whole?: boolean;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const access = useAccess();
  const provider = useAppDataProvider();
  const { say, fail } = useNotifyResult('exam_day.release');
  const [asking, setAsking] = useState<'release' | 'withdraw' | null>(null);
  const act = async (change: 'release' | 'withdraw') => {
    setAsking(null);
    try {
      if (change === 'release') {
        const { data } = await provider.releaseResults(examId, target);
        say('released', 'success', { smart_count: data.released, count: formatNumber(data.released, language) });
      } else {
        const { data } = await provider.withdrawRelease(examId, target);
        say('withdrawn', 'success', { smart_count: data.withdrawn, count: formatNumber(data.withdrawn, language) });
      }
      onChanged();
    } catch (error) {
      await fail('failed', error);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('exam_day.release.title')}
        </Typography>
        <Typography variant="body2" data-testid="release-state">
          {translate('exam_day.release.state', {
            released: formatNumber(released, language),
            total: formatNumber(total, language),
          })}
        </Typography>
      </Box>
      {access.allows({ anyOf: RELEASE }) && (
        <Button variant="contained" disabled={released === total} onClick={() => setAsking('release')}>
          {translate('exam_day.release.release')}
        </Button>
      )}
      {access.allows({ anyOf: WITHDRAW }) && (
        <Button variant="outlined" disabled={released === 0} onClick={() => setAsking('withdraw')}>
          {translate('exam_day.release.withdraw')}
        </Button>
      )}
      <Confirm
        isOpen={asking !== null}
        title={translate(`exam_day.release.confirm_${asking ?? 'release'}_title`)}
        content={translate(`exam_day.release.confirm_${asking ?? 'release'}${whole ? '_all' : ''}`, {
          target: targetLabel,
        })}
        onClose={() => setAsking(null)}
        onConfirm={() => void act(asking!)}
      />
    </Paper>
  );
}
