import UpgradeIcon from '@mui/icons-material/Upgrade';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetList, useTranslate } from 'react-admin';
import { useLanguage } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import { errorMessage } from '../providers/errors';
import type { RolloverPlan } from '../providers/rosterMethods';
import { PageSection, SummaryFigures } from '../components/import-flow';

const FIGURES = ['classes', 'promoted', 'leaving', 'classes_to_create'] as const;
const ALL = 'all';

/**
 * The academic year's rollover (issue 41; `POST /api/roster/rollover`): the reader picks their
 * schools or one, previews what moves where (changing nothing), then rolls over after a
 * confirmation that says how many students move up and how many leave. A school rolled over in the
 * last 30 days is refused with the server's message, and may be rolled over again only on purpose.
 */
export function RolloverSection() {
  const translate = useTranslate();
  const language = useLanguage();
  const dataProvider = useAppDataProvider();
  const { data: schools = [] } = useGetList('schools', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: language === 'ar' ? 'name_ar' : 'name_en', order: 'ASC' },
  });
  const [school, setSchool] = useState<string>(ALL);
  const [plan, setPlan] = useState<RolloverPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; recent: boolean } | null>(null);
  const [confirming, setConfirming] = useState<'apply' | 'again' | null>(null);
  const name = (named: { name_en: string; name_ar: string }) =>
    (language === 'ar' ? named.name_ar : named.name_en) || named.name_en;
  const run = async (apply: boolean, again = false) => {
    setBusy(true);
    setProblem(null);
    try {
      const body = { apply, again, ...(school === ALL ? {} : { school_id: Number(school) }) };
      setPlan((await dataProvider.rollover(body)).data);
    } catch (error) {
      setProblem({ message: errorMessage(error), recent: (error as { status?: number }).status === 418 });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const preview = plan && !plan.applied ? plan : null;
  return (
    <PageSection
      title={translate('roster.rollover.heading')}
      text={translate('roster.rollover.text')}
      testId="rollover"
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="rollover-school-label">{translate('roster.rollover.school')}</InputLabel>
          <Select
            labelId="rollover-school-label"
            label={translate('roster.rollover.school')}
            value={school}
            onChange={(event) => {
              setSchool(event.target.value);
              setPlan(null);
              setProblem(null);
            }}
          >
            <MenuItem value={ALL}>{translate('roster.rollover.all_schools')}</MenuItem>
            {schools.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {name(s as { name_en: string; name_ar: string })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="outlined" onClick={() => void run(false)} loading={busy && confirming === null}>
          {translate('roster.rollover.preview')}
        </Button>
      </Box>
      {problem && (
        <Alert
          severity={problem.recent ? 'warning' : 'error'}
          role="alert"
          sx={{ mb: 2 }}
          action={
            problem.recent ? (
              <Button color="inherit" size="small" onClick={() => setConfirming('again')}>
                {translate('roster.rollover.again')}
              </Button>
            ) : undefined
          }
        >
          {problem.message}
        </Alert>
      )}
      {plan?.applied && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="rollover-done">
          {translate('roster.rollover.done', {
            promoted: plan.summary.promoted,
            left: plan.summary.left ?? plan.summary.leaving,
            created: plan.summary.classes_created ?? 0,
          })}
        </Alert>
      )}
      {preview && (
        <>
          <SummaryFigures
            summary={preview.summary}
            figures={FIGURES}
            prefix="roster.rollover.summary"
            testId="rollover-summary"
          />
          {preview.classes.length === 0 ? (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('roster.rollover.nothing')}
            </Alert>
          ) : (
            <Table size="small" sx={{ mt: 2 }} aria-label={translate('roster.rollover.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('roster.rollover.columns.school')}</TableCell>
                  <TableCell>{translate('roster.rollover.columns.class_grade')}</TableCell>
                  <TableCell align="right">{translate('roster.rollover.columns.students')}</TableCell>
                  <TableCell>{translate('roster.rollover.columns.moves_to')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.classes.map((move) => (
                  <TableRow key={move.class_id}>
                    <TableCell>{name(move.school)}</TableCell>
                    <TableCell>
                      <bdi>{name(move)}</bdi> ({name(move.grade)})
                    </TableCell>
                    <TableCell align="right">{move.students}</TableCell>
                    <TableCell>
                      {move.target && move.next_grade ? (
                        <>
                          <bdi>{name(move.target)}</bdi> ({name(move.next_grade)}){' '}
                          {move.target.class_id === null && (
                            <Chip size="small" label={translate('roster.rollover.new_class')} />
                          )}
                        </>
                      ) : (
                        translate('roster.rollover.leaves')
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {preview.classes.length > 0 && (
            <Button
              variant="contained"
              color="warning"
              startIcon={<UpgradeIcon />}
              sx={{ mt: 2 }}
              onClick={() => setConfirming('apply')}
            >
              {translate('roster.rollover.apply')}
            </Button>
          )}
        </>
      )}
      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title="roster.rollover.confirm_title"
        content={translate('roster.rollover.confirm_text', {
          promoted: preview?.summary.promoted ?? 0,
          leaving: preview?.summary.leaving ?? 0,
        })}
        confirm="roster.rollover.apply"
        onConfirm={() => void run(true, confirming === 'again')}
        onClose={() => setConfirming(null)}
      />
    </PageSection>
  );
}
