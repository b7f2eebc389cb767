import { Box, type SxProps, type Theme } from '@mui/material';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';

// The server's allowlist (bold and color in paragraphs); anything else is reduced to its text.
const BLOCKS = new Set(['p']);
const MARKS = new Set(['strong', 'b']);
const COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

function colorOf(element: Element): string | undefined {
  const color = (element as HTMLElement).style?.color?.trim();
  return color && COLOR.test(color) ? color : undefined;
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, toReact);
  if (tag === 'br') return createElement('br', { key });
  if (BLOCKS.has(tag)) return createElement('p', { key }, ...children);
  if (MARKS.has(tag)) return createElement('strong', { key }, ...children);
  if (tag === 'span') {
    const color = colorOf(element);
    return color
      ? createElement('span', { key, style: { color } }, ...children)
      : createElement(Fragment, { key }, ...children);
  }
  // Scripts, styles and the like have no text worth showing; other tags keep only their text.
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  return createElement(Fragment, { key }, ...children);
}

/**
 * Stored rich text as React elements. The HTML is parsed into an inert document (DOMParser
 * runs no script and loads nothing) and only allowlisted elements are rebuilt, so even a
 * payload that slipped past the server's sanitizer cannot run or fetch anything here.
 */
export function richTextNodes(html: string): ReactNode[] {
  if (!html) return [];
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Array.from(body.childNodes, toReact);
}

/** Shows stored rich text (question text, options, passages) safely; see `richTextNodes`. */
export function RichTextView({
  html,
  component = 'div',
  sx,
}: {
  html: string;
  component?: 'div' | 'span';
  sx?: SxProps<Theme>;
}) {
  const nodes = useMemo(() => richTextNodes(html), [html]);
  return (
    <Box
      component={component}
      sx={[
        { '& p': { my: 0.5 }, '& p:first-of-type': { mt: 0 }, '& p:last-of-type': { mb: 0 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {nodes}
    </Box>
  );
}
