import { Edit } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { SelectedPlatform } from '../platforms';
import { AddedActions } from './AddedActions';
import { ChildRecords, useManagesChildren } from './ChildRecords';
import { DeleteRecordButton } from './DeleteRecordButton';
import { ResourceForm } from './ResourceForm';
import { useScreen } from './ScreenContext';
import { NoAccessMessage, PlatformPending, RecordHeading, ScreenHeading } from './ScreenParts';
import { useFormSetup } from './useFormSetup';
import { useResourceNotify } from './useResourceNotify';

/**
 * The generic edit screen: the same form as create, plus delete when allowed and what features
 * add to its toolbar, and below it the records of any child resource (a school's classes). One who
 * may not edit the record but manages its children sees its name and the children only.
 */
export function GenericEdit() {
  const { definition, paths, access } = useScreen();
  const { id } = useParams<{ id: string }>();
  const setup = useFormSetup();
  const notify = useResourceNotify(definition);
  const navigate = useNavigate();
  const backToList = () => navigate(paths.list);
  const opensForChildren = useManagesChildren(definition) && access.canView && !access.canEdit;

  if (opensForChildren && id !== undefined)
    return (
      <>
        <RecordHeading id={id} />
        <ChildRecords parent={definition} parentId={id} />
      </>
    );
  return (
    <>
      <ScreenHeading titleKey="settings.edit_title" />
      {!access.canEdit ? (
        <NoAccessMessage />
      ) : !setup.ready ? (
        <PlatformPending />
      ) : (
        <Edit
          resource={definition.name}
          id={id}
          title={false}
          actions={false}
          // Pessimistic: server validation errors land under the fields, and the toast tells the truth.
          mutationMode="pessimistic"
          transform={setup.toPayload}
          queryOptions={{
            meta: setup.meta,
            onError: (error: unknown) => {
              notify.fetchError(error);
              backToList();
            },
          }}
          mutationOptions={{
            meta: setup.meta,
            onSuccess: () => {
              notify.updated();
              backToList();
            },
            onError: (error: unknown) => notify.updateError(error),
          }}
        >
          <ResourceForm
            definition={definition}
            inputs={setup.inputs}
            platformId={setup.platformId}
            header={<SelectedPlatform />}
            cancelTo={paths.list}
            actions={
              <>
                {access.canDelete && (
                  <DeleteRecordButton definition={definition} platformId={setup.platformId} onDeleted={backToList} />
                )}
                <AddedActions resource={definition.name} slot="editActions" />
              </>
            }
          />
        </Edit>
      )}
      {access.canEdit && setup.ready && id !== undefined && <ChildRecords parent={definition} parentId={id} />}
    </>
  );
}
