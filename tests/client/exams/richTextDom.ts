/**
 * jsdom has no layout, and ProseMirror (the rich text editor) asks for rectangles to scroll the
 * selection into view. Zero rectangles are enough for typing; import this file before typing
 * into an editor.
 */
const emptyRect = (): DOMRect =>
  ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) }) as DOMRect;
const emptyRects = (): DOMRectList => Object.assign([], { item: () => null }) as unknown as DOMRectList;

for (const proto of [Range.prototype, Element.prototype]) {
  if (typeof (proto as Range).getClientRects !== 'function')
    Object.defineProperty(proto, 'getClientRects', { configurable: true, value: emptyRects });
  if (typeof (proto as Range).getBoundingClientRect !== 'function')
    Object.defineProperty(proto, 'getBoundingClientRect', { configurable: true, value: emptyRect });
}
if (typeof document.elementFromPoint !== 'function')
  Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => null });

export {};
