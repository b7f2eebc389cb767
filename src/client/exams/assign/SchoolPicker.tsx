import { Box, Checkbox, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { nameOf, useLanguage } from '../../i18n/recordName';
import type { AssignationSchool } from '../../providers/assignmentMethods';

interface Props {
  schools: AssignationSchool[];
  selected: Set<number>;
  onToggle: (schoolId: number) => void;
  open: number | null;
  onOpen: (schoolId: number) => void;
}

/** The eligible schools with their counts: a check box assigns the whole school; the name opens its students. */
export function SchoolPicker({ schools, selected, onToggle, open, onOpen }: Props) {
  const translate = useTranslate();
  const language = useLanguage();
  if (schools.length === 0)
    return <Typography color="text.secondary">{translate('delivery.assign.no_schools')}</Typography>;
  return (
    <List dense aria-label={translate('delivery.assign.schools')}>
      {schools.map((school) => {
        const name = nameOf(school, language);
        return (
          <ListItem key={school.id} disablePadding divider>
            <Box sx={{ display: 'flex', alignItems: 'center', width: '100%' }}>
              <Checkbox
                checked={selected.has(school.id)}
                onChange={() => onToggle(school.id)}
                inputProps={{ 'aria-label': `${translate('delivery.assign.whole_school')}: ${name}` }}
              />
              <ListItemButton selected={open === school.id} onClick={() => onOpen(school.id)}>
                <ListItemText
                  primary={name}
                  secondary={translate('delivery.assign.counts', {
                    eligible: school.eligible_count.toLocaleString(language),
                    assigned: school.assigned_count.toLocaleString(language),
                  })}
                />
              </ListItemButton>
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
