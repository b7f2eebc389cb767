import { Autocomplete, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { useNotifyResult } from '../components/useNotifyResult';
import { nameOf, useLanguage } from '../i18n/recordName';
import type { Calibration } from '../../common/contracts/index';
import { useAppDataProvider } from '../providers/appDataProvider';
import { CalibrationList } from './CalibrationList';

type Named = { id: number; name_en: string; name_ar: string; platform_id: number };

/** How often the list is read again while a calibration waits or runs. */
const POLL_MS = 2000;

/**
 * Calibrations on a reporting scale (issue 42): pick a scale, pick its exams in the order to
 * calibrate them (the first fixes the scale's origin while it has none; every later one is linked
 * by its anchor questions) or calibrate them together (concurrent), run it as a job, and read what
 * each calibration kept.
 */
export default function CalibrationsPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const provider = useAppDataProvider();
  const { say, fail } = useNotifyResult('calibrations.page');
  const [scaleId, setScaleId] = useState<number | ''>('');
  const [chosen, setChosen] = useState<Named[]>([]);
  const [design, setDesign] = useState<Calibration['design']>('separate');
  const scales = useGetList<Named>('scales', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const scale = scales.data?.find((s) => s.id === scaleId);
  const exams = useGetList<Named>(
    'exams',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'DESC' },
      filter: scale ? { platform_id: scale.platform_id } : {},
    },
    { enabled: Boolean(scale) },
  );
  const list = useQuery({
    queryKey: ['calibrations', scaleId],
    queryFn: ({ signal }) => provider.calibrations(Number(scaleId), signal),
    enabled: scaleId !== '',
    refetchInterval: (query) =>
      query.state.data?.data.some((c) => c.status === 'queued' || c.status === 'running') ? POLL_MS : false,
  });
  const run = async () => {
    try {
      await provider.calibrate(
        Number(scaleId),
        chosen.map((exam) => exam.id),
        design,
      );
      setChosen([]);
      say('queued', 'info');
      await list.refetch();
    } catch (error) {
      await fail('failed', error);
    }
  };
  const examName = (id: number) => {
    const exam = exams.data?.find((e) => e.id === id);
    return exam ? nameOf(exam, language) : `#${id}`;
  };
  return (
    <>
      <PageHeading title={translate('calibrations.page.title')} />
      <Typography sx={{ mb: 2, maxWidth: 960 }}>{translate('calibrations.page.intro')}</Typography>
      <Paper sx={{ p: 2, mb: 3, maxWidth: 960 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            select
            label={translate('calibrations.page.scale')}
            value={scaleId}
            onChange={(event) => {
              setScaleId(Number(event.target.value));
              setChosen([]);
            }}
            sx={{ minWidth: 240 }}
          >
            {(scales.data ?? []).map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {nameOf(s, language)}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            disabled={!scale}
            options={exams.data ?? []}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            getOptionLabel={(exam) => nameOf(exam, language)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ flex: 1, minWidth: 320 }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('calibrations.page.exams')}
                helperText={translate('calibrations.page.exams_help')}
              />
            )}
          />
          <TextField
            select
            label={translate('calibrations.page.design')}
            helperText={translate('calibrations.page.design_help')}
            value={design}
            onChange={(event) => setDesign(event.target.value as Calibration['design'])}
            sx={{ minWidth: 240, maxWidth: 320 }}
          >
            {(['separate', 'concurrent'] as const).map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`calibrations.designs.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!scale || chosen.length < (design === 'concurrent' ? 2 : 1)}
            onClick={() => void run()}
            sx={{ mt: 1 }}
          >
            {translate('calibrations.page.run')}
          </Button>
        </Box>
      </Paper>
      {scale && <CalibrationList calibrations={list.data?.data ?? []} examName={examName} />}
    </>
  );
}
