import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import { nameOf } from '../../i18n/recordName';
import { getStoredLanguage } from '../../language';

/**
 * The schools a user is linked to: school staff see only these schools' lists and reports. Named in
 * the reader's language; a user who sees every school (administrators, authors) needs none.
 */
export function SchoolsInput({ label }: { label: string }) {
  const language = getStoredLanguage();
  return (
    <ReferenceArrayInput source="school_ids" reference="schools" perPage={100} sort={{ field: 'id', order: 'ASC' }}>
      <AutocompleteArrayInput
        label={label}
        optionText={(record) => nameOf(record, language)}
        filterToQuery={(search) => ({ q: search })}
        fullWidth
      />
    </ReferenceArrayInput>
  );
}
