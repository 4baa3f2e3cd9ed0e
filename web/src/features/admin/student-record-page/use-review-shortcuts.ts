import { useEffect, useRef } from 'react';

export interface ReviewShortcutActions {
  accept: () => void;
  refuse: () => void;
  next: () => void;
  previous: () => void;
  save: () => void;
}

/**
 * By physical key (`event.code`), not by character: a reviewer typing in Arabic has 'ش' under the A key, and the
 * shortcuts must work without switching the keyboard language.
 */
const BY_CODE: Record<string, keyof ReviewShortcutActions> = {
  KeyA: 'accept',
  KeyR: 'refuse',
  KeyN: 'next',
  KeyJ: 'next',
  KeyP: 'previous',
  KeyK: 'previous',
  KeyS: 'save',
};

const NOT_TYPING_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset']);

/** Keys pressed in a text field are text: a note that contains the letter 'a' must not accept the document. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPING_INPUTS.has(target.type);
  return target.getAttribute('role') === 'combobox';
}

/**
 * The review's keyboard shortcuts on the whole page: A accept, R refuse, N or J next document, P or K previous,
 * S or Ctrl+Enter save (and move on when the page came from the queue). Ctrl+Enter also works from the note,
 * where it cannot be text. Nothing fires inside an open dialog (the phone menu), with other modifiers held, or
 * when another handler already took the key.
 */
export function useReviewShortcuts(actions: ReviewShortcutActions, enabled: boolean): void {
  // The latest actions without re-adding the listener on every render.
  const latest = useRef(actions);
  latest.current = actions;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        if (!event.repeat) latest.current.save();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const action = BY_CODE[event.code];
      if (!action || (action === 'save' && event.repeat)) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
