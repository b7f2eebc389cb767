import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { FieldDefinition } from '../../../schemas/vocabulary';

/** A field shown only while another holds one of the values its declaration names (`shownWhen`). */
export function ShownWhen({
  when,
  children,
}: {
  when: NonNullable<FieldDefinition['shownWhen']>;
  children: ReactNode;
}) {
  const value = useWatch({ name: when.field }) as unknown;
  return when.is.includes(String(value)) ? <>{children}</> : null;
}

/** An input, wrapped in `ShownWhen` when its declaration says when it is shown. */
export function shownWhenDeclared(source: string, field: FieldDefinition, input: ReactNode): ReactNode {
  return field.shownWhen ? (
    <ShownWhen key={source} when={field.shownWhen}>
      {input}
    </ShownWhen>
  ) : (
    input
  );
}
