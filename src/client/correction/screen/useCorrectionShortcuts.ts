import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  save: () => void;
  next: () => void;
  previous: () => void;
}

/** The mark inputs that can take a mark now, in the order of the page. */
const markInputs = () =>
  Array.from(document.querySelectorAll<HTMLInputElement>('input[data-mark-input]:not(:disabled)'));

/** Moves the focus to the next (or previous) mark input after (before) the focused element. */
function focusMark(step: 1 | -1) {
  const inputs = markInputs();
  if (inputs.length === 0) return;
  const active = document.activeElement;
  const at = inputs.findIndex((input) => input === active);
  let target: HTMLInputElement | undefined;
  if (at >= 0) target = inputs[at + step];
  else if (active && active !== document.body) {
    // From another control: the first mark after it, or the last before it.
    const after = (input: HTMLInputElement) =>
      Boolean(active.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING);
    target = step === 1 ? inputs.find(after) : [...inputs].reverse().find((input) => !after(input));
  } else target = step === 1 ? inputs[0] : inputs.at(-1);
  if (!target) return;
  target.focus();
  target.select();
}

/**
 * The marker's keys: Ctrl+S (⌘S) saves, Alt+Page Down and Alt+Page Up go to the next and previous
 * student, Alt+↓ and Alt+↑ to the next and previous mark. Matched on the physical key too, so an
 * Arabic keyboard layout (where S types س) saves as well.
 */
export function useCorrectionShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey && (event.code === 'KeyS' || event.key.toLowerCase() === 's')) {
        event.preventDefault();
        latest.current.save();
        return;
      }
      if (!event.altKey || command || event.shiftKey) return;
      const move: Record<string, () => void> = {
        PageDown: () => latest.current.next(),
        PageUp: () => latest.current.previous(),
        ArrowDown: () => focusMark(1),
        ArrowUp: () => focusMark(-1),
      };
      const run = move[event.key];
      if (!run) return;
      // Before a number input steps its value or the page scrolls.
      event.preventDefault();
      run();
    };
    // In the capture phase, so a focused input does not act on the keys first.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
