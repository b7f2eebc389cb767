import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { nameOf, useLanguage } from '../i18n/recordName';
import type { Stage } from './useBooklet';

export type Named = { id: number; name_en: string; name_ar: string; platform_id: number };
export type ScaleRecord = Named & { skill_id: number };

const NO_STAGE: Stage = { grade_id: null, level_id: null };
const ALL = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

/** A scale, then a grade or a level of its platform: the choice the scale's pages start from. */
export function useStageChoice() {
  const [scaleId, setScaleId] = useState<number | null>(null);
  const [stage, setStage] = useState<Stage>(NO_STAGE);
  const scales = useGetList<ScaleRecord>('scales', ALL);
  const scale = scales.data?.find((s) => s.id === scaleId);
  const onPlatform = { ...ALL, filter: { platform_id: scale?.platform_id } };
  const grades = useGetList<Named>('grades', onPlatform, { enabled: Boolean(scale) });
  const levels = useGetList<Named>('levels', onPlatform, { enabled: Boolean(scale) });
  const stageRecord =
    stage.grade_id !== null
      ? grades.data?.find((r) => r.id === stage.grade_id)
      : levels.data?.find((r) => r.id === stage.level_id);
  return {
    scales: scales.data,
    scale,
    grades: grades.data,
    levels: levels.data,
    stage,
    /** The grade or level picked. */
    stageRecord,
    pickScale: (id: number) => {
      setScaleId(id);
      setStage(NO_STAGE);
    },
    setStage,
  };
}

export type StageChoice = ReturnType<typeof useStageChoice>;

/**
 * The scale, grade and level selects, labelled from `scope` (`<scope>.scale`, `.grade`, `.level`);
 * a field error of the server's (`grade_id`, `level_id`) shows under its select.
 */
export function StagePicker({
  choice,
  scope,
  errors = {},
}: {
  choice: StageChoice;
  scope: string;
  errors?: Record<string, string>;
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const { stage, setStage } = choice;
  const select = (
    name: string,
    value: number | null,
    options: Named[] | undefined,
    pick: (id: number) => void,
    error?: string,
  ) => (
    <TextField
      select
      label={translate(`${scope}.${name}`)}
      value={value ?? ''}
      onChange={(event) => pick(Number(event.target.value))}
      sx={{ width: 280 }}
      disabled={!options || options.length === 0}
      error={Boolean(error)}
      helperText={error}
    >
      {(options ?? []).map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {nameOf(option, language)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {select('scale', choice.scale?.id ?? null, choice.scales, choice.pickScale)}
      {(choice.grades?.length ?? 0) > 0 &&
        select(
          'grade',
          stage.grade_id,
          choice.grades,
          (id) => setStage({ grade_id: id, level_id: null }),
          errors.grade_id,
        )}
      {(choice.levels?.length ?? 0) > 0 &&
        select(
          'level',
          stage.level_id,
          choice.levels,
          (id) => setStage({ grade_id: null, level_id: id }),
          errors.level_id,
        )}
    </>
  );
}
