import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { AdaptiveSimulation } from '../../common/contracts/index';
import { PageHeading } from '../components/PageHeading';
import { useNotifyResult } from '../components/useNotifyResult';
import { formatStatistic } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import type { AdaptiveSimulationBody } from '../providers/calibrationMethods';
import { statusOf } from '../providers/errors';
import { DEFAULT_DRAFT, simulationBody, type Draft } from './simulationDraft';
import { SimulationBands } from './SimulationBands';
import { SimulationRules } from './SimulationRules';
import { SimulationSummary } from './SimulationSummary';
import { StagePicker, useStageChoice, type Named } from './StagePicker';

/** A refused run: the field errors (shown under their inputs) of a 422, or the simulator busy (503). */
type Refusal = { kind: 'invalid'; errors: Record<string, string> } | { kind: 'busy' };
type Ran = { stage: string; body: AdaptiveSimulationBody; result: AdaptiveSimulation };

const NO_ERRORS: Record<string, string> = {};
/** The fields the screen shows an error under; a 422 naming another one says it in the message. */
const shownField = (field: string, draft: Draft) =>
  ['grade_id', 'level_id', 'students', 'min_length', 'max_length', 'se_target', 'exposure', 'content'].includes(
    field,
  ) ||
  (field === 'among' && draft.exposure === 'randomesque') ||
  (field === 'ceiling' && draft.exposure === 'sympson_hetter') ||
  /^content\.\d+\.(learning_outcome_id|min|max)$/.test(field);

/**
 * The author's adaptive simulator (issue 43): pick a scale and a grade or level, set adaptive
 * rules, and read what simulated students of that grade would get from its calibrated questions,
 * per ability band, with whether the pool meets the precision (and the exposure ceiling).
 */
export default function AdaptiveSimulatorPage() {
  const translate = useTranslate();
  const language = useLanguage();
  const provider = useAppDataProvider();
  const { fail } = useNotifyResult('calibrations.simulator');
  const t = (key: string, options?: object) => translate(`calibrations.simulator.${key}`, options);
  const choice = useStageChoice();
  const { scale, stage, stageRecord } = choice;
  const [draft, setDraft] = useState<Draft>(DEFAULT_DRAFT);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [ran, setRan] = useState<Ran | null>(null);
  const outcomes = useGetList<Named>(
    'learning-outcomes',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: { platform_id: scale?.platform_id, skill_id: scale?.skill_id },
    },
    { enabled: Boolean(scale) },
  );
  // Another scale's platform has other learning outcomes: its rules start empty.
  useEffect(() => setDraft((before) => ({ ...before, content: [] })), [scale?.id]);
  const stageKey = `${scale?.id}:${stage.grade_id}:${stage.level_id}`;
  const simulation = useMutation({
    mutationFn: (body: AdaptiveSimulationBody) => provider.simulateAdaptive(scale!.id, body),
  });
  const run = async () => {
    const body = simulationBody(draft, stage);
    setRefusal(null);
    try {
      const { data } = await simulation.mutateAsync(body);
      setRan({ stage: stageKey, body, result: data });
    } catch (error) {
      const status = statusOf(error);
      if (status === 422)
        setRefusal({
          kind: 'invalid',
          errors: (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {},
        });
      else if (status === 503) setRefusal({ kind: 'busy' });
      else await fail('failed', error);
    }
  };
  const errors = refusal?.kind === 'invalid' ? refusal.errors : NO_ERRORS;
  const unshown = Object.entries(errors).filter(([field]) => !shownField(field, draft));
  const result = ran?.stage === stageKey ? ran : null;
  const stageName = scale && stageRecord ? `${nameOf(scale, language)}, ${nameOf(stageRecord, language)}` : '';
  return (
    <>
      <PageHeading title={t('title')} />
      <Typography sx={{ mb: 2, maxWidth: 960 }}>{t('intro')}</Typography>
      <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <StagePicker choice={choice} scope="calibrations.simulator" errors={errors} />
      </Paper>
      <Paper sx={{ p: 2, mb: 2 }}>
        <SimulationRules draft={draft} setDraft={setDraft} errors={errors} outcomes={outcomes.data ?? []} />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={!stageRecord || simulation.isPending} onClick={() => void run()}>
            {t('run')}
          </Button>
          <Typography role="status" variant="body2">
            {simulation.isPending
              ? t('running', { students: formatStatistic(Number(draft.students) || 1000, language, 0) })
              : result
                ? t('done')
                : ''}
          </Typography>
        </Box>
        {simulation.isPending && <LinearProgress sx={{ mt: 2 }} aria-label={t('run')} />}
        {refusal && (
          <Alert severity={refusal.kind === 'busy' ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="refusal">
            {t(refusal.kind)}
            {unshown.map(([field, message]) => (
              <Box key={field}>{message}</Box>
            ))}
          </Alert>
        )}
      </Paper>
      {result && (
        <Paper component="section" aria-labelledby="simulation-result" sx={{ p: 2 }}>
          <Typography id="simulation-result" component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('result', { stage: stageName })}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' }, gap: 3 }}>
            <SimulationSummary
              result={result.result}
              seTarget={result.body.se_target ?? 0}
              ceiling={result.body.ceiling}
            />
            <SimulationBands bands={result.result.report.bands} />
          </Box>
        </Paper>
      )}
    </>
  );
}
