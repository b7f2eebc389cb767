import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import { useRecordName } from '../../i18n/recordName';

/**
 * The schools a user is linked to: school staff see only these schools' lists and reports. Named in
 * the reader's language; a user who sees every school (administrators, authors) needs none.
 */
export function SchoolsInput({ label }: { label: string }) {
  const name = useRecordName();
  return (
    <ReferenceArrayInput source="school_ids" reference="schools" perPage={100} sort={{ field: 'id', order: 'ASC' }}>
      <AutocompleteArrayInput label={label} optionText={name} filterToQuery={(search) => ({ q: search })} fullWidth />
    </ReferenceArrayInput>
  );
}
