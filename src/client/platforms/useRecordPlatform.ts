import { useCallback } from 'react';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { useRecordName } from '../i18n/recordName';
import { usePlatformSelection } from './PlatformProvider';

/**
 * A link to a record of another platform (a question sent by a colleague, an old bookmark) is not
 * found on the selected one. This finds the record's own platform and switches to it, saying so, so
 * that the page opens; it answers false when the record is on no platform the reader can select.
 */
export function useSwitchToRecordPlatform(): (resource: string, id: Identifier) => Promise<boolean> {
  const dataProvider = useDataProvider();
  const selection = usePlatformSelection();
  const notify = useNotify();
  const translate = useTranslate();
  const name = useRecordName();
  return useCallback(
    async (resource, id) => {
      if (!selection) return false;
      const found = await dataProvider.getOne<{ id: Identifier; platform_id?: number }>(resource, { id }).then(
        ({ data }) => data,
        () => null,
      );
      const platform = selection.platforms.find((p) => p.id === found?.platform_id);
      if (!platform || platform.id === selection.selected?.id) return false;
      selection.select(platform.id);
      notify(translate('settings.switched_platform', { name: name(platform) }), { type: 'info' });
      return true;
    },
    [dataProvider, selection, notify, translate, name],
  );
}
