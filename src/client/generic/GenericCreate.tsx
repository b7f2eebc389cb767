import { Create } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { SelectedPlatform } from '../platforms';
import { ResourceForm } from './ResourceForm';
import { useScreen } from './ScreenContext';
import { NoAccessMessage, PlatformPending, ScreenHeading } from './ScreenParts';
import { useFormSetup } from './useFormSetup';
import { useResourceNotify } from './useResourceNotify';

/** The generic create screen: the resource's form, saved with the selected platform. */
export function GenericCreate() {
  const { definition, paths, access } = useScreen();
  const setup = useFormSetup();
  const notify = useResourceNotify(definition);
  const navigate = useNavigate();

  return (
    <>
      <ScreenHeading titleKey="settings.create_title" />
      {!access.canCreate ? (
        <NoAccessMessage />
      ) : !setup.ready ? (
        <PlatformPending />
      ) : (
        <Create
          resource={definition.name}
          title={false}
          actions={false}
          transform={setup.toPayload}
          mutationOptions={{
            onSuccess: () => {
              notify.created();
              navigate(paths.list);
            },
            onError: (error: unknown) => notify.createError(error),
          }}
        >
          <ResourceForm
            definition={definition}
            inputs={setup.inputs}
            platformId={setup.platformId}
            header={<SelectedPlatform />}
            cancelTo={paths.list}
          />
        </Create>
      )}
    </>
  );
}
