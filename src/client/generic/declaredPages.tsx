import { type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router-dom';
import type { DeclaredPage } from '../../../schemas/index';
import { accessPermissions } from '../../common/permission-catalog';
import { ProtectedPage } from '../auth';
import type { NavItem } from './menu-config';
import { schemaRegistry } from './registry';
import { lazyLoaded } from '../pageReady';

type View = ComponentType<Record<string, string>>;

/**
 * The modules a declaration may name as a page (`view: 'exams/ExamsRoutes'`): a feature folder's
 * `*Routes.tsx` or `*Page.tsx`, each default-exporting its page. Each loads on first visit, in a
 * chunk of its own. The console's own shell (public pages, profile) is not declared.
 */
const modules = import.meta.glob<{ default: View }>([
  '../*/*Routes.tsx',
  '../*/*Page.tsx',
  '!../components/**',
  '!../generic/**',
  '!../public/**',
  '!../profile/**',
]);

const views = new Map<string, LazyExoticComponent<View>>();

/** The page a declaration names, loaded lazily; a name no module answers to fails at once, not on a visit. */
export function viewOf(name: string): LazyExoticComponent<View> {
  const cached = views.get(name);
  if (cached) return cached;
  const load = modules[`../${name}.tsx`];
  if (!load) throw new Error(`A declaration names the page ${name}, which src/client/${name}.tsx does not provide`);
  const view = lazyLoaded(load);
  views.set(name, view);
  return view;
}

/** Who may open a page: its access rule, else only a signed-in user (the page checks the rest). */
const permissionsOf = (page: DeclaredPage) => (page.access ? accessPermissions(page.access) : undefined);

/** Every declared page at its path, behind its permission (Payload's `admin.components.views`). */
export function declaredPageRoutes(pages: readonly DeclaredPage[] = schemaRegistry.pages()) {
  return pages.map((page) => {
    const View = viewOf(page.view);
    return (
      <Route
        key={page.path}
        path={page.path}
        element={
          <ProtectedPage anyOf={permissionsOf(page)}>
            <View {...page.props} />
          </ProtectedPage>
        }
      />
    );
  });
}

/** The header links of declared pages in one menu group (the Reports dropdown, a student's exams). */
export function declaredPageLinks(group: string, pages: readonly DeclaredPage[] = schemaRegistry.pages()): NavItem[] {
  return pages
    .filter((page) => page.menu === group)
    .map((page) => ({
      to: page.path.replace(/\/\*$/, ''),
      label: page.label ?? `nav.${page.key}`,
      ...(page.access ? { anyOf: accessPermissions(page.access) } : {}),
      ...(page.roles ? { roles: [...page.roles] } : {}),
    }));
}
