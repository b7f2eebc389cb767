import { usePlatformSelection } from '../platforms';
import { formInputs, recordPayload, type InputSpec } from './screen-config';
import { useScreen } from './ScreenContext';

export interface FormSetup {
  /** False while a platform-scoped form waits for the platform selection. */
  ready: boolean;
  inputs: InputSpec[];
  platformId: number | null;
  /** `?platform_id=` on read, update and delete, so the server checks the record's platform. */
  meta: { platform_id: number } | undefined;
  /** Form values -> request body: the declared inputs plus the selected platform (SPEC section 3). */
  toPayload: (values: Record<string, unknown>) => Record<string, unknown>;
}

/** What create and edit forms of the current screen need from its schema and the platform selection. */
export function useFormSetup(): FormSetup {
  const { definition } = useScreen();
  const selection = usePlatformSelection();
  const platform = definition.platformScoped ? (selection?.selected ?? null) : null;
  const inputs = formInputs(definition, platform?.identifier ?? null);
  const platformId = platform?.id ?? null;
  return {
    ready: !definition.platformScoped || platform !== null,
    inputs,
    platformId,
    meta: platformId !== null ? { platform_id: platformId } : undefined,
    toPayload: (values) => recordPayload(inputs, values, platformId !== null ? { platform_id: platformId } : {}),
  };
}
