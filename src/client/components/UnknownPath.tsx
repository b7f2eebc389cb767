import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

const NotFoundContext = createContext<ComponentType | null>(null);

/** The console's Page Not Found, given once at the root (the console's `catchAll`). */
export function NotFoundProvider({ page, children }: { page: ComponentType; children: ReactNode }) {
  return <NotFoundContext.Provider value={page}>{children}</NotFoundContext.Provider>;
}

/**
 * What a nested `<Routes>` shows for a path it does not know (`<Route path="*" element={<UnknownPath />} />`):
 * the same Page Not Found as the top level (SPEC section 2: "Any unknown path"), never a redirect.
 */
export function UnknownPath() {
  const Page = useContext(NotFoundContext);
  return Page ? <Page /> : null;
}
