import { useAccess } from '../auth';
import { screenAdditions, type AdditionSlot, type ScreenAddition } from './overrides';

const NONE: readonly ScreenAddition[] = [];

/** The additions of one slot of a resource's screens that the signed-in user may use. */
export function useAddedActions(resource: string, slot: AdditionSlot): readonly ScreenAddition[] {
  const access = useAccess();
  const declared = screenAdditions[resource]?.[slot] ?? NONE;
  return declared.filter(({ anyOf }) => access.allows({ anyOf }));
}

/** Draws the allowed additions of a slot, each in the surrounding record's context. */
export function AddedActions({ resource, slot }: { resource: string; slot: AdditionSlot }) {
  const additions = useAddedActions(resource, slot);
  return (
    <>
      {additions.map(({ component: Addition }, index) => (
        <Addition key={index} />
      ))}
    </>
  );
}
