import { Resource, type RaRecord } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router-dom';
import { hasCustomScreens, type ResourceDefinition } from '../../../schemas/vocabulary';
import { getStoredLanguage } from '../language';
import { schemaRegistry } from './registry';
import { ResourceScreens } from './ResourceScreens';
import { screenPaths, type ScreenPaths } from './screen-config';
import { nameOf } from '../i18n/recordName';

/** The screen a resource lives on: its own, or its parent's for a child (school classes). */
function homeOf(definition: ResourceDefinition): ScreenPaths {
  const parent = definition.parent ? schemaRegistry.get(definition.parent.resource) : undefined;
  return screenPaths(parent ?? definition);
}

function EditRedirect({ paths }: { paths: ScreenPaths }) {
  const { id } = useParams<{ id: string }>();
  return <Navigate to={id ? paths.edit(id) : paths.list} replace />;
}

/**
 * A resource named like a declared page's path (the grades resource and the spec's `/grades`
 * drill-down) must not forward that path to its settings list.
 */
const isReserved = (definition: ResourceDefinition) =>
  schemaRegistry.pages().some((page) => page.path.replace(/\/\*$/, '') === `/${definition.name}`);

/** The language is fixed for a page load (switching reloads), so a plain function can read it. */
const recordRepresentation = (record: RaRecord) => nameOf(record, getStoredLanguage());

/**
 * One react-admin Resource per schema, so react-admin knows the resource (labels, record
 * representation, cache). react-admin mounts a resource at `/{name}`; the spec's routes are
 * the schemas' `menu.route`, so `/{name}` paths only forward there, in case a react-admin
 * default link points at them; reserved paths (`/grades`) forward nowhere.
 */
export function schemaResources(definitions: readonly ResourceDefinition[]) {
  return definitions.map((definition) => {
    const paths = homeOf(definition);
    const child = Boolean(definition.parent);
    if (isReserved(definition) || hasCustomScreens(definition))
      return <Resource key={definition.name} name={definition.name} recordRepresentation={recordRepresentation} />;
    return (
      <Resource
        key={definition.name}
        name={definition.name}
        recordRepresentation={recordRepresentation}
        list={<Navigate to={paths.list} replace />}
        create={<Navigate to={child ? paths.list : paths.create} replace />}
        edit={child ? <Navigate to={paths.list} replace /> : <EditRedirect paths={paths} />}
      />
    );
  });
}

/** The screens themselves, at each schema's `menu.route` (children are edited on their parent's). */
export function schemaScreenRoutes(definitions: readonly ResourceDefinition[]) {
  return definitions
    .filter((definition) => !definition.parent && !hasCustomScreens(definition))
    .map((definition) => (
      <Route
        key={definition.name}
        path={`${definition.menu.route}/*`}
        element={<ResourceScreens definition={definition} />}
      />
    ));
}
