import { Box, Checkbox, Chip, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { nameOf, useLanguage } from '../../i18n/recordName';
import type { AssignationSchool, AssignationStudent } from '../../providers/assignmentMethods';
import { useAssignationStudents } from './useAssignation';

interface Props {
  examId: number;
  school: AssignationSchool;
  selected: Set<number>;
  onToggle: (student: AssignationStudent) => void;
}

/** One school's eligible students, by class and name, with who is assigned or has started already. */
export function StudentPicker({ examId, school, selected, onToggle }: Props) {
  const translate = useTranslate();
  const language = useLanguage();
  const [classId, setClassId] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const all = useAssignationStudents(examId, school.id, {});
  const shown = useAssignationStudents(examId, school.id, {
    school_class_id: classId === '' ? undefined : classId,
    search: search.trim() || undefined,
  });
  const classes = new Map((all.data ?? []).map((s) => [s.school_class.id, s.school_class]));
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('delivery.assign.students_of', { school: nameOf(school, language) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label={translate('delivery.assign.class_filter')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={classId}
          onChange={(event) => setClassId(event.target.value === '' ? '' : Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{translate('delivery.assign.all_classes')}</MenuItem>
          {[...classes.values()].map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {nameOf(c, language)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={translate('delivery.assign.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Box>
      {(shown.data ?? []).map((student) => (
        <Box key={student.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <FormControlLabel
            control={<Checkbox checked={selected.has(student.id)} onChange={() => onToggle(student)} />}
            label={`${student.name} (${nameOf(student.school_class, language)})`}
          />
          {student.assigned && <Chip size="small" label={translate('delivery.assign.assigned')} />}
          {student.started && <Chip size="small" color="warning" label={translate('delivery.assign.started')} />}
        </Box>
      ))}
    </Box>
  );
}
