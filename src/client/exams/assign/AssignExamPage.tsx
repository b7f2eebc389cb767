import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Form, Loading, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { useNotifyResult } from '../../components/useNotifyResult';
import { WallTimeInput } from '../../components/WallTimeInput';
import { formatNumber } from '../../format';
import { nameOf, useLanguage } from '../../i18n/recordName';
import { useAppDataProvider } from '../../providers/appDataProvider';
import type { AssignationStudent, AssignmentBody } from '../../providers/assignmentMethods';
import { useExam, useExamLocalizations } from '../common/examQueries';
import { SchoolPicker } from './SchoolPicker';
import { StudentPicker } from './StudentPicker';
import { useAssignationSchools } from './useAssignation';

type Options = Pick<AssignmentBody, 'show_answers' | 'shuffle_choices' | 'shuffle_questions' | 'release_results'>;

/**
 * `/exams/{id}/assign`: assign a published exam to whole schools or chosen students (SPEC section 4),
 * with its window (inside the exam's), the three switches and the version. Reassigning asks first,
 * naming how many students will lose their answers.
 */
export function AssignExamPage() {
  const examId = Number(useParams().id);
  const translate = useTranslate();
  const language = useLanguage();
  const navigate = useNavigate();
  // The spec's words for the exams area (SPEC section 8): "Exam assigned" / "Error assigning exam".
  const notify = useNotifyResult('exams.notifications');
  const dataProvider = useAppDataProvider();
  const exam = useExam(examId);
  const schools = useAssignationSchools(examId);
  const localizations = useExamLocalizations(examId);
  const [schoolIds, setSchoolIds] = useState(new Set<number>());
  const [students, setStudents] = useState(new Map<number, AssignationStudent>());
  const [open, setOpen] = useState<number | null>(null);
  const [options, setOptions] = useState<Options>({
    show_answers: false,
    shuffle_choices: false,
    shuffle_questions: false,
    release_results: 'manual',
  });
  const [localizationId, setLocalizationId] = useState<number | ''>('');
  const [confirming, setConfirming] = useState<AssignmentBody | null>(null);

  if (exam.isPending || schools.isPending) return <Loading />;
  if (exam.error || !exam.data) return <Alert severity="error">{translate('exams.notifications.fetch_error')}</Alert>;
  const toggleSchool = (id: number) =>
    setSchoolIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleStudent = (student: AssignationStudent) =>
    setStudents((current) => {
      const next = new Map(current);
      if (!next.delete(student.id)) next.set(student.id, student);
      return next;
    });
  const openSchool = (schools.data ?? []).find((school) => school.id === open);

  const send = async (body: AssignmentBody, again: boolean) => {
    try {
      const { data } = again
        ? await dataProvider.reassignStudents(examId, body)
        : await dataProvider.assignStudents(examId, body);
      notify.say(again ? 'reassigned_students' : 'assigned_students');
      notify.text(
        translate('delivery.assign.outcome', {
          assigned: data.assigned,
          already: data.already_assigned,
          skipped: data.skipped.length,
        }),
      );
      navigate('/exams');
    } catch (error) {
      await notify.fail(again ? 'reassign_students_error' : 'assign_students_error', error);
    }
  };
  const bodyOf = (values: Record<string, unknown>): AssignmentBody => ({
    school_ids: [...schoolIds],
    student_ids: [...students.keys()],
    start_date_time: String(values.start_date_time ?? ''),
    end_date_time: String(values.end_date_time ?? ''),
    ...options,
    exam_localization_id: localizationId === '' ? null : localizationId,
  });
  const losing = [...students.values()].filter((s) => s.has_answers).length;
  const published = (localizations.data ?? []).filter((l) => l.is_published);

  return (
    <Box>
      <PageHeading
        title={translate('delivery.assign.title', { name: nameOf(exam.data, language) })}
        back={{ to: '/exams', label: translate('exams.title') }}
      />
      <Form
        defaultValues={{ start_date_time: exam.data.start_date_time, end_date_time: exam.data.end_date_time }}
        onSubmit={(values: Record<string, unknown>) => send(bodyOf(values), false)}
        noValidate
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('delivery.assign.schools')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('delivery.assign.schools_help')}
              </Typography>
              <SchoolPicker
                schools={schools.data ?? []}
                selected={schoolIds}
                onToggle={toggleSchool}
                open={open}
                onOpen={setOpen}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              {openSchool ? (
                <StudentPicker
                  examId={examId}
                  school={openSchool}
                  selected={new Set(students.keys())}
                  onToggle={toggleStudent}
                />
              ) : (
                <Typography color="text.secondary">{translate('delivery.assign.schools_help')}</Typography>
              )}
            </CardContent>
          </Card>
        </Box>
        <Card sx={{ mt: 2 }}>
          <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
            <Typography variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
              {translate('delivery.assign.window')}
            </Typography>
            <WallTimeInput
              source="start_date_time"
              label={translate('resources.exams.fields.start_date_time')}
              fullWidth
            />
            <WallTimeInput source="end_date_time" label={translate('resources.exams.fields.end_date_time')} fullWidth />
            <Typography variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
              {translate('delivery.assign.options')}
            </Typography>
            {(['show_answers', 'shuffle_questions', 'shuffle_choices'] as const).map((key) => (
              <FormControlLabel
                key={key}
                control={
                  <Switch
                    checked={options[key]}
                    onChange={(event) => setOptions((current) => ({ ...current, [key]: event.target.checked }))}
                  />
                }
                label={translate(`delivery.assign.${key}`)}
              />
            ))}
            <TextField
              select
              size="small"
              label={translate('delivery.assign.release_results')}
              value={options.release_results}
              onChange={(event) =>
                setOptions((current) => ({
                  ...current,
                  release_results: event.target.value as Options['release_results'],
                }))
              }
              helperText={translate('delivery.assign.release_help')}
            >
              {(['manual', 'after_close'] as const).map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {translate(`delivery.assign.release_modes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={translate('delivery.assign.localization')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              value={localizationId}
              onChange={(event) => setLocalizationId(event.target.value === '' ? '' : Number(event.target.value))}
            >
              <MenuItem value="">{translate('delivery.assign.original')}</MenuItem>
              {published.map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
          </CardContent>
        </Card>
        <AssignButtons
          summary={translate('delivery.assign.selected', { schools: schoolIds.size, students: students.size })}
          onReassign={(values) => setConfirming(bodyOf(values))}
        />
      </Form>
      <Confirm
        isOpen={confirming !== null}
        title="delivery.assign.reassign_title"
        content={losing === 0 ? 'delivery.assign.reassign_content_none' : 'delivery.assign.reassign_content'}
        translateOptions={{ smart_count: losing, count: formatNumber(losing, language) }}
        onConfirm={() => {
          const body = confirming!;
          setConfirming(null);
          void send(body, true);
        }}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}

function AssignButtons({
  summary,
  onReassign,
}: {
  summary: string;
  onReassign: (values: Record<string, unknown>) => void;
}) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
      <Typography sx={{ flexGrow: 1 }}>{summary}</Typography>
      <Button variant="outlined" color="warning" onClick={() => onReassign(getValues())}>
        {translate('delivery.assign.reassign')}
      </Button>
      <Button type="submit" variant="contained">
        {translate('delivery.assign.submit')}
      </Button>
    </Box>
  );
}
