import EditIcon from '@mui/icons-material/Edit';
import PublicIcon from '@mui/icons-material/Public';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Checkbox,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { countryName } from '../../../common/countries';
import { useExamAccess } from '../common/useExamAccess';
import { useLanguage } from '../../i18n/recordName';
import { PublishedChip } from '../common/PublishedChip';
import type { ExamLocalization } from '../types';
import { CountriesDialog } from './CountriesDialog';
import { LocalizationBulkActions } from './LocalizationBulkActions';

interface LocalizationTableProps {
  examId: number;
  localizations: ExamLocalization[];
  onChanged: () => void;
}

/** The localized exams in a table: selection for the bulk actions, countries by name, row links. */
export function LocalizationTable({ examId, localizations, onChanged }: LocalizationTableProps) {
  const translate = useTranslate();
  const language = useLanguage();
  const { can } = useExamAccess();
  const [selected, setSelected] = useState<number[]>([]);
  const [countriesOf, setCountriesOf] = useState<ExamLocalization | null>(null);
  const allSelected = localizations.length > 0 && selected.length === localizations.length;
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  const names = (codes: string[]) =>
    new Intl.ListFormat(language).format(codes.map((code) => countryName(code, language)));
  const changed = () => {
    setSelected([]);
    onChanged();
  };

  if (localizations.length === 0)
    return (
      <Typography color="text.secondary" data-testid="no-data">
        {translate('exams.localize.empty')}
      </Typography>
    );
  return (
    <Paper variant="outlined">
      <LocalizationBulkActions selected={selected} onDone={changed} />
      <Table size="small" data-testid="localizations-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={allSelected}
                indeterminate={selected.length > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? [] : localizations.map((l) => l.id))}
                slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
              />
            </TableCell>
            <TableCell>{translate('resources.exams.fields.id')}</TableCell>
            <TableCell>{translate('exams.localize.name')}</TableCell>
            <TableCell>{translate('exams.localize.countries')}</TableCell>
            <TableCell>{translate('exams.list.status')}</TableCell>
            <TableCell align="right">{translate('exams.list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {localizations.map((localization) => (
            <TableRow key={localization.id} hover selected={selected.includes(localization.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.includes(localization.id)}
                  onChange={() => toggle(localization.id)}
                  slotProps={{
                    input: { 'aria-label': translate('exams.localize.select', { name: localization.name }) },
                  }}
                />
              </TableCell>
              <TableCell>{localization.id}</TableCell>
              <TableCell>{localization.name}</TableCell>
              <TableCell>{names(localization.countries)}</TableCell>
              <TableCell>
                <PublishedChip published={localization.is_published} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {can('editLocalization') && (
                  <Tooltip title={translate('exams.actions.edit')}>
                    <IconButton
                      size="small"
                      aria-label={translate('exams.actions.edit')}
                      component={RouterLink}
                      to={`/exams/${examId}/localize/Edit/${localization.id}`}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                )}
                {can('editLocalization') && (
                  <Tooltip title={translate('exams.localize.change_countries')}>
                    <IconButton
                      size="small"
                      aria-label={translate('exams.localize.change_countries')}
                      onClick={() => setCountriesOf(localization)}
                    >
                      <PublicIcon />
                    </IconButton>
                  </Tooltip>
                )}
                {can('preview') && (
                  <Tooltip title={translate('exams.actions.preview')}>
                    <IconButton
                      size="small"
                      aria-label={translate('exams.actions.preview')}
                      component={RouterLink}
                      to={`/exams/${examId}/localize/preview/${localization.id}`}
                    >
                      <VisibilityIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {countriesOf && (
        <CountriesDialog localization={countriesOf} onClose={() => setCountriesOf(null)} onSaved={changed} />
      )}
    </Paper>
  );
}
