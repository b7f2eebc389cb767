import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  ListItemText,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AssignedFilters } from '../../../common/contracts/index';
import { nameOf, useLanguage, type Nameable } from '../../i18n/recordName';
import { hasFilters, type FilterKey, type ListState } from '../listState';

/** How long typing rests before the search is sent. */
const SEARCH_DELAY_MS = 300;

interface CategoryProps {
  label: string;
  testId: string;
  options: (Nameable & { id: number })[];
  value: number[];
  onChange: (ids: number[]) => void;
}

/** One category: several values at once, shown as their names. */
function CategoryFilter({ label, testId, options, value, onChange }: CategoryProps) {
  const language = useLanguage();
  const names = new Map(options.map((option) => [option.id, nameOf(option, language)]));
  return (
    <TextField
      select
      variant="filled"
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 180, maxWidth: 260 }}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange(typeof next === 'string' ? next.split(',').map(Number) : (next as number[]));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (ids) =>
            new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(
              (ids as number[]).map((id) => names.get(id) ?? `#${id}`),
            ),
          SelectDisplayProps: { 'data-testid': testId } as object,
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0, marginInlineEnd: 1 }} />
          <ListItemText primary={names.get(option.id)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

interface StudentFiltersProps {
  state: ListState;
  filters: AssignedFilters | undefined;
  onFilter: (key: FilterKey, ids: number[]) => void;
  onNeedsDeciding: (on: boolean) => void;
  onSearch: (text: string) => void;
  onClear: () => void;
}

/**
 * The list's search and category filters (SPEC section 4): school and class (hidden under
 * anonymous marking), exam status, correction status, and under double marking the answers that
 * need a deciding mark. Each change goes back to page 1 (the page does that).
 */
export function StudentFilters({ state, filters, onFilter, onNeedsDeciding, onSearch, onClear }: StudentFiltersProps) {
  const translate = useTranslate();
  const [text, setText] = useState(state.search);
  const anonymous = filters?.exam.anonymous_marking ?? false;
  const chosenSchools = state.filters['student.school_id'];

  // The address is the truth: back, forward and "clear" replace what the box shows.
  useEffect(() => setText((typed) => (typed.trim() === state.search ? typed : state.search)), [state.search]);
  useEffect(() => {
    if (text.trim() === state.search) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, state.search, onSearch]);

  const classes = (filters?.school_classes ?? []).filter(
    (cls) => chosenSchools.length === 0 || chosenSchools.includes(cls.school_id),
  );
  const searchLabel = translate(anonymous ? 'exam_students.search_anonymous' : 'exam_students.search');
  const label = (key: string) => translate(`exam_students.filters.${key}`);

  return (
    <Box
      component="section"
      aria-label={label('label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
    >
      <TextField
        size="small"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={searchLabel}
        slotProps={{
          htmlInput: { 'aria-label': searchLabel, 'data-testid': 'exam-students-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ minWidth: 240 }}
      />
      {!anonymous && (
        <>
          <CategoryFilter
            label={label('school')}
            testId="filter-school"
            options={filters?.schools ?? []}
            value={chosenSchools}
            onChange={(ids) => onFilter('student.school_id', ids)}
          />
          <CategoryFilter
            label={label('school_class')}
            testId="filter-school-class"
            options={classes}
            value={state.filters['student.school_class_id']}
            onChange={(ids) => onFilter('student.school_class_id', ids)}
          />
        </>
      )}
      <CategoryFilter
        label={label('exam_status')}
        testId="filter-exam-status"
        options={filters?.exam_statuses ?? []}
        value={state.filters.exam_status_id}
        onChange={(ids) => onFilter('exam_status_id', ids)}
      />
      <CategoryFilter
        label={label('correction_status')}
        testId="filter-correction-status"
        options={filters?.correction_statuses ?? []}
        value={state.filters.student_exam_status_id}
        onChange={(ids) => onFilter('student_exam_status_id', ids)}
      />
      {filters?.exam.double_marking && (
        <FormControlLabel
          control={
            <Switch
              checked={state.needsDeciding}
              onChange={(event) => onNeedsDeciding(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'filter-needs-deciding' } as object }}
            />
          }
          label={label('needs_deciding')}
        />
      )}
      {hasFilters(state) && (
        <Button
          size="small"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {label('clear')}
        </Button>
      )}
    </Box>
  );
}
