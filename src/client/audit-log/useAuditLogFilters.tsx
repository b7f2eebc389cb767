import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, ReferenceInput, SelectInput, type RaRecord } from 'react-admin';
import { WallTimeInput } from '../components/WallTimeInput';
import { nameOf, useLanguage } from '../i18n/recordName';
import { useAppDataProvider } from '../providers/appDataProvider';
import { useAuditLabels } from './useAuditLabels';

const WIDE = { minWidth: 200 };
const NARROW = { minWidth: 150 };

/** The actions and target types the log holds, for its filters. */
function useAuditChoices() {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['audit-log', 'choices'],
    queryFn: ({ signal }) => dataProvider.auditLogChoices(signal).then(({ data }) => data),
    retry: false,
  });
}

/**
 * The log's filters, each `filter[...]` of its list: the actor (from the users list), the action
 * and the target type (those the log holds, in words), the school, and a span of calendar days.
 */
export function useAuditLogFilters() {
  const language = useLanguage();
  const labels = useAuditLabels();
  const choices = useAuditChoices().data;
  const named = (names: string[] | undefined, label: (name: string) => string) =>
    (names ?? []).map((name) => ({ id: name, name: label(name) }));
  return [
    <ReferenceInput key="user_id" source="user_id" reference="users" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label="audit.filters.user" optionText="name" sx={WIDE} />
    </ReferenceInput>,
    <SelectInput
      key="action"
      source="action"
      label="audit.filters.action"
      choices={named(choices?.actions, labels.action)}
      translateChoice={false}
      sx={WIDE}
      alwaysOn
    />,
    <SelectInput
      key="target_type"
      source="target_type"
      label="audit.filters.target_type"
      choices={named(choices?.target_types, labels.targetType)}
      translateChoice={false}
      sx={NARROW}
      alwaysOn
    />,
    <ReferenceInput
      key="school_id"
      source="school_id"
      reference="schools"
      perPage={100}
      sort={{ field: 'id', order: 'ASC' }}
      alwaysOn
    >
      <AutocompleteInput
        label="audit.filters.school"
        optionText={(record: RaRecord) => nameOf(record, language)}
        sx={WIDE}
      />
    </ReferenceInput>,
    // The app's date picker: a native date field shows mm/dd/yyyy on an American browser in both languages.
    <WallTimeInput key="from" source="from" label="audit.filters.from" dateOnly alwaysOn />,
    <WallTimeInput key="to" source="to" label="audit.filters.to" dateOnly alwaysOn />,
  ];
}
