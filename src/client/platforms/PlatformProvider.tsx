import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import {
  cachePlatforms,
  pickPlatform,
  readCachedPlatforms,
  readSelectedPlatformId,
  storeSelectedPlatformId,
  type Platform,
} from './platformCache';

export interface PlatformSelection {
  status: 'loading' | 'error' | 'ready';
  platforms: Platform[];
  /** The first platform, or the one selected before (SPEC section 2); null while loading or when there is none. */
  selected: Platform | null;
  select: (id: number) => void;
}

const PlatformContext = createContext<PlatformSelection | null>(null);

/** The API caps a page at 100; there are a handful of platforms. */
const ALL_PLATFORMS = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'id', order: 'ASC' as const },
  filter: {},
};

/**
 * Loads the platform list once per language (from session storage when cached) and holds the
 * selection that platform-scoped lists, forms and dropdowns share.
 */
export function PlatformProvider({ children }: { children: ReactNode }) {
  const [language] = useLocaleState();
  const dataProvider = useDataProvider();
  const [platforms, setPlatforms] = useState<Platform[] | null>(() => readCachedPlatforms(language));
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(() => readSelectedPlatformId(language));

  useEffect(() => {
    if (platforms) return;
    let live = true;
    dataProvider
      .getList<Platform>('platforms', ALL_PLATFORMS)
      .then(({ data }) => {
        if (!live) return;
        cachePlatforms(language, data);
        setPlatforms(data);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [dataProvider, language, platforms]);

  const selected = platforms ? pickPlatform(platforms, selectedId) : null;

  // Remember the automatic choice too, so every screen of this session agrees on it.
  useEffect(() => {
    if (selected && selected.id !== readSelectedPlatformId(language)) storeSelectedPlatformId(language, selected.id);
  }, [language, selected]);

  const select = useCallback(
    (id: number) => {
      storeSelectedPlatformId(language, id);
      setSelectedId(id);
    },
    [language],
  );

  const value = useMemo<PlatformSelection>(
    () => ({
      status: platforms ? 'ready' : failed ? 'error' : 'loading',
      platforms: platforms ?? [],
      selected,
      select,
    }),
    [failed, platforms, select, selected],
  );
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}

/** The shared platform selection; null outside a platform-scoped screen. */
export function usePlatformSelection(): PlatformSelection | null {
  return useContext(PlatformContext);
}
