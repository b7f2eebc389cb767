import { useAppDataProvider } from '../providers/appDataProvider';
import type { InterchangeMethods } from '../providers/interchangeMethods';

/** The interchange calls, through the data provider (a lost session or permission signs out as elsewhere). */
export function useInterchange(): InterchangeMethods {
  return useAppDataProvider();
}
