import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { useNotifyResult } from '../components/useNotifyResult';
import { nameOf } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import { BookletTable } from './BookletTable';
import { CUT_KEYS, type DraftCuts } from './cutLevels';
import { ScoreDistribution } from './ScoreDistribution';
import { StagePicker, useStageChoice } from './StagePicker';
import { useBooklet } from './useBooklet';

const NO_CUTS: DraftCuts = { approaching_from: null, meeting_from: null, exceeding_from: null };

/**
 * Setting a scale's cut scores for a grade or level the bookmark way (issue 42): the ordered item
 * booklet (questions at RP 0.67, easiest first) beside the students' scaled scores; the panel places
 * a bookmark for each level and saves the cuts the reports then read.
 */
export default function BookmarkPage() {
  const translate = useTranslate();
  const provider = useAppDataProvider();
  const { say, fail } = useNotifyResult('calibrations.bookmark');
  const t = (key: string, options?: object) => translate(`calibrations.bookmark.${key}`, options);
  const choice = useStageChoice();
  const { scale, stage } = choice;
  const [cuts, setCuts] = useState<DraftCuts>(NO_CUTS);
  const booklet = useBooklet(scale?.id ?? null, stage);
  const data = booklet.data?.data;
  useEffect(() => setCuts(data?.cuts ?? NO_CUTS), [data]);
  const placed = CUT_KEYS.every((key) => cuts[key] !== null);
  const save = async () => {
    const body = {
      platform_id: scale!.platform_id,
      scale_id: scale!.id,
      grade_id: stage.grade_id,
      level_id: stage.level_id,
      name_en: `${scale!.name_en} ${stageName('en')}`,
      name_ar: `${scale!.name_ar} ${stageName('ar')}`,
      ...cuts,
    };
    try {
      if (data?.cuts)
        await provider.update('scale-cuts', {
          id: data.cuts.id,
          data: body,
          previousData: { id: data.cuts.id },
          meta: { platform_id: scale!.platform_id },
        });
      else await provider.create('scale-cuts', { data: body });
      say('saved');
      await booklet.refetch();
    } catch (error) {
      await fail('save_failed', error);
    }
  };
  const stageName = (lang: 'en' | 'ar') => (choice.stageRecord ? nameOf(choice.stageRecord, lang) : '');
  return (
    <>
      <PageHeading title={t('title')} />
      <Typography sx={{ mb: 2, maxWidth: 960 }}>{t('intro')}</Typography>
      <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <StagePicker choice={choice} scope="calibrations.bookmark" />
        <Box sx={{ flex: 1 }} />
        {CUT_KEYS.map((key) => (
          <Typography key={key} variant="body2" data-testid={`cut-${key}`}>
            {t(`cuts.${key}`)}: <strong>{cuts[key] ?? '—'}</strong>
          </Typography>
        ))}
        <Button variant="contained" disabled={!data || !placed} onClick={() => void save()}>
          {t('save')}
        </Button>
      </Paper>
      {data && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 3 }}>
          <Paper sx={{ p: 2 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
              {t('booklet_heading', { rp: data.rp })}
            </Typography>
            {data.items.length === 0 ? (
              <Typography color="text.secondary">{t('no_items')}</Typography>
            ) : (
              <BookletTable
                items={data.items}
                cuts={cuts}
                onPlace={(key, location) => setCuts((before) => ({ ...before, [key]: location }))}
              />
            )}
          </Paper>
          <Paper sx={{ p: 2 }}>
            <ScoreDistribution students={data.students} cuts={cuts} />
          </Paper>
        </Box>
      )}
    </>
  );
}
