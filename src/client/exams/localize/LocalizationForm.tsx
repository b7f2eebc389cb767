import { Box, Button, Paper, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ExamLocalization, ExamQuestion } from '../types';
import { readCachedCountries } from './countryCache';
import { CountriesInput } from './CountriesInput';
import { LocalizationPopup } from './LocalizationPopup';
import { QuestionTranslation } from './QuestionTranslation';
import { buildTranslations, initialValues, type TranslationValues } from './translatable';
import { useSaveLocalization } from './useSaveLocalization';

interface LocalizationFormProps {
  examId: number;
  questions: ExamQuestion[];
  localization: ExamLocalization | null;
}

/**
 * A localized exam's name, countries and translated texts. Save opens the localization popup;
 * only "Save edit" sends it.
 */
export function LocalizationForm({ examId, questions, localization }: LocalizationFormProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const save = useSaveLocalization(examId, localization?.id ?? 0);
  const [name, setName] = useState(localization?.name ?? '');
  const [countries, setCountries] = useState<string[]>(localization?.countries ?? readCachedCountries());
  const [texts, setTexts] = useState<TranslationValues>(() =>
    initialValues(questions, localization?.translations.questions),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const review = () => {
    const missing: Record<string, string> = {};
    if (name.trim() === '') missing.name = 'exams.validation.name_required';
    if (countries.length === 0) missing.countries = 'exams.errors.countries_required';
    setErrors(missing);
    if (Object.keys(missing).length === 0) setConfirming(true);
  };
  const submit = async () => {
    setBusy(true);
    const refused = await save({ name: name.trim(), countries, translations: buildTranslations(questions, texts) });
    setBusy(false);
    setConfirming(false);
    if (refused) setErrors(refused);
  };
  const firstError = (prefix: string) =>
    Object.entries(errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`))?.[1];

  return (
    <Stack spacing={2}>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, gap: 2 }}
      >
        <TextField
          label={translate('exams.localize.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ? translate(errors.name) : undefined}
          fullWidth
        />
        <CountriesInput
          value={countries}
          onChange={setCountries}
          error={firstError('countries')}
          helperText="exams.localize.countries_help"
        />
      </Paper>
      {firstError('translations') && <Box sx={{ color: 'error.main' }}>{translate(firstError('translations')!)}</Box>}
      {questions.map((question, index) => (
        <QuestionTranslation
          key={question.id}
          question={question}
          number={index + 1}
          values={texts[question.id] ?? {}}
          onChange={(key, value) =>
            setTexts((current) => ({ ...current, [question.id]: { ...current[question.id], [key]: value } }))
          }
        />
      ))}
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button variant="contained" onClick={review}>
          {translate('ra.action.save')}
        </Button>
        <Button onClick={() => navigate(`/exams/${examId}/localize`)}>{translate('ra.action.cancel')}</Button>
      </Box>
      <LocalizationPopup
        open={confirming}
        busy={busy}
        onSave={() => void submit()}
        onDiscard={() => navigate(`/exams/${examId}/localize`)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
