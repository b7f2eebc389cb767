import { DataTable, type RaRecord } from 'react-admin';
import { GenericList } from '../../generic';
import { RoleChips } from './RoleChips';
import type { Role } from '../../providers/userMethods';

/** The generic list of the users schema, plus the roles each user holds. */
export function UserList() {
  return (
    <GenericList
      extraColumns={
        <DataTable.Col
          source="roles"
          disableSort
          render={(record: RaRecord) => <RoleChips roles={(record.roles ?? []) as Role[]} />}
        />
      }
    />
  );
}
