import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ContentRules } from './ContentRules';
import { BOUNDS, EXPOSURES, type Draft, type Exposure, type NumberField, type SetDraft } from './simulationDraft';
import type { Named } from './StagePicker';

/**
 * The simulator's rules: students, lengths, SE target, exposure control (with its own figure only)
 * and the content rules; a field error of the server's shows under its input.
 */
export function SimulationRules({
  draft,
  setDraft,
  errors,
  outcomes,
}: {
  draft: Draft;
  setDraft: SetDraft;
  errors: Record<string, string>;
  outcomes: Named[];
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`calibrations.simulator.${key}`);
  const numberInput = (name: NumberField, help: string) => (
    <TextField
      key={name}
      type="number"
      label={t(name)}
      value={draft[name]}
      onChange={(event) => {
        const value = event.target.value;
        setDraft((before) => ({ ...before, [name]: value }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? t(help)}
      slotProps={{ htmlInput: BOUNDS[name] }}
      sx={{ width: 220 }}
    />
  );
  return (
    <Box component="section" aria-labelledby="simulator-rules">
      <Typography id="simulator-rules" component="h2" variant="subtitle1" sx={{ fontWeight: 'bold', mb: 1 }}>
        {t('rules')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {numberInput('students', 'students_help')}
        {numberInput('min_length', 'length_help')}
        {numberInput('max_length', 'length_help')}
        {numberInput('se_target', 'se_target_help')}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}>
        <TextField
          select
          label={t('exposure')}
          value={draft.exposure}
          onChange={(event) => {
            const exposure = event.target.value as Exposure;
            setDraft((before) => ({ ...before, exposure }));
          }}
          error={Boolean(errors.exposure)}
          helperText={errors.exposure}
          sx={{ width: 456 }}
        >
          {EXPOSURES.map((exposure) => (
            <MenuItem key={exposure} value={exposure}>
              {t(`exposures.${exposure}`)}
            </MenuItem>
          ))}
        </TextField>
        {draft.exposure === 'randomesque' && numberInput('among', 'among_help')}
        {draft.exposure === 'sympson_hetter' && numberInput('ceiling', 'ceiling_help')}
      </Box>
      <ContentRules rules={draft.content} setDraft={setDraft} errors={errors} outcomes={outcomes} />
    </Box>
  );
}
