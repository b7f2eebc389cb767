import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatStatistic } from '../format';
import { nameOf, useLanguage } from '../i18n/recordName';
import { addedRule, type DraftRule, type SetDraft } from './simulationDraft';
import type { Named } from './StagePicker';

/** Where focus goes after a change: the new rule's outcome, or the next remove button (else Add). */
type Focus = { rule: number; on: 'outcome' | 'remove' } | 'add' | null;

/**
 * The content rules: per learning outcome, at least and at most so many questions. Rows are added
 * and removed with buttons, and focus follows (to the new rule, or the next one after a removal),
 * so the list works from the keyboard alone.
 */
export function ContentRules({
  rules,
  setDraft,
  errors,
  outcomes,
}: {
  rules: DraftRule[];
  setDraft: SetDraft;
  errors: Record<string, string>;
  outcomes: Named[];
}) {
  const translate = useTranslate();
  const language = useLanguage();
  const t = (key: string, options?: object) => translate(`calibrations.simulator.${key}`, options);
  const rows = useRef(new Map<number, HTMLElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<Focus>(null);
  useEffect(() => {
    if (focus === null) return;
    const row = focus === 'add' ? null : rows.current.get(focus.rule);
    const target =
      focus === 'add'
        ? addButton.current
        : row?.querySelector<HTMLElement>(focus.on === 'outcome' ? '[role="combobox"]' : 'button');
    target?.focus();
    setFocus(null);
  }, [focus]);
  const change = (key: number, patch: Partial<DraftRule>) =>
    setDraft((draft) => ({
      ...draft,
      content: draft.content.map((rule) => (rule.key === key ? { ...rule, ...patch } : rule)),
    }));
  const add = () => {
    const content = addedRule(rules);
    setDraft((draft) => ({ ...draft, content: addedRule(draft.content) }));
    setFocus({ rule: content[content.length - 1].key, on: 'outcome' });
  };
  const remove = (index: number) => {
    const next = rules[index + 1] ?? rules[index - 1];
    setDraft((draft) => ({ ...draft, content: draft.content.filter((rule) => rule.key !== rules[index].key) }));
    setFocus(next ? { rule: next.key, on: 'remove' } : 'add');
  };
  const fieldError = (index: number, field: string) => errors[`content.${index}.${field}`];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }} aria-describedby="content-rules-help">
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 'bold' }}>
        {t('content')}
      </Typography>
      <Typography id="content-rules-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {rules.length === 0 ? t('no_content') : t('content_help')}
      </Typography>
      {errors.content && (
        <Typography color="error" variant="body2" sx={{ mb: 1 }} data-testid="content-error">
          {errors.content}
        </Typography>
      )}
      {rules.map((rule, index) => {
        const number = formatStatistic(index + 1, language, 0);
        return (
          <Box
            key={rule.key}
            ref={(element: HTMLElement | null) => {
              if (element) rows.current.set(rule.key, element);
              else rows.current.delete(rule.key);
            }}
            role="group"
            aria-label={t('rule', { number })}
            data-testid="content-rule"
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}
          >
            <TextField
              select
              label={t('outcome')}
              value={rule.learning_outcome_id ?? ''}
              onChange={(event) => change(rule.key, { learning_outcome_id: Number(event.target.value) })}
              error={Boolean(fieldError(index, 'learning_outcome_id'))}
              helperText={fieldError(index, 'learning_outcome_id')}
              sx={{ width: 320 }}
            >
              {outcomes.map((outcome) => (
                <MenuItem key={outcome.id} value={outcome.id}>
                  {nameOf(outcome, language)}
                </MenuItem>
              ))}
            </TextField>
            {(['min', 'max'] as const).map((bound) => (
              <TextField
                key={bound}
                type="number"
                label={t(bound)}
                value={rule[bound]}
                onChange={(event) => change(rule.key, { [bound]: event.target.value })}
                error={Boolean(fieldError(index, bound))}
                helperText={fieldError(index, bound)}
                slotProps={{ htmlInput: { min: 0, max: 200, step: 1 } }}
                sx={{ width: 130 }}
              />
            ))}
            <IconButton aria-label={t('remove_rule', { number })} onClick={() => remove(index)} sx={{ mt: 1 }}>
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Button ref={addButton} variant="outlined" onClick={add}>
        {t('add_rule')}
      </Button>
    </Box>
  );
}
