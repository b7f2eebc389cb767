import { Skeleton } from '@mui/material';
import { Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import { lazyLoaded } from '../pageReady';

export type { RichTextEditorProps };

// tiptap and ProseMirror weigh about as much as the rest of the console: load them on first use.
const RichTextEditor = lazyLoaded(() => import('./RichTextEditor'));

/** The rich-text field (bold and color), loaded on demand; see `RichTextEditor`. */
export function RichText(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.compact ? 72 : 128} sx={{ mb: 1 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
