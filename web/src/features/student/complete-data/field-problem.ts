import type { ImageKind } from '@portal/common';
import { createContext } from 'react';
import { type FormField, inputId } from './form-values';

// Apart from the form's fields (form-fields.tsx), so that the image picker, which the document replacement screen
// uses too, does not bring react-hook-form into that screen's download.

/** The failing rule: the input (or image) to highlight and its Arabic message. One at a time, as the spec shows. */
export interface FieldProblem {
  target: FormField | ImageKind;
  message: string;
}

export const FieldProblemContext = createContext<FieldProblem | null>(null);

/** Moves the student to the input a rule points at: scrolled into view, focused, so it is read with its message. */
export function focusInput(target: FormField | ImageKind) {
  const element = document.getElementById(inputId(target));
  if (!element) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  element.focus({ preventScroll: true });
}
