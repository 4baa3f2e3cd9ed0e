import { STUDENT_SECOND_FACTOR_ATTRIBUTE } from '@portal/common';
import { createContext, useContext } from 'react';

/**
 * Whether the page the portal served asks for the seat number beside the national ID: the server picks the
 * page for STUDENT_SECOND_FACTOR (api/src/plugins/web-app.ts), and the page says so on `<html>`. No request is
 * needed, and the prerendered login and React's agree.
 */
export function pageAsksSeatNo(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.documentElement.getAttribute(STUDENT_SECOND_FACTOR_ATTRIBUTE) === 'seatNo'
  );
}

/** Set at build time only, where there is no page to ask (web/src/app/prerender.tsx renders both variants). */
export const AsksSeatNoContext = createContext<boolean | undefined>(undefined);

export function useAsksSeatNo(): boolean {
  return useContext(AsksSeatNoContext) ?? pageAsksSeatNo();
}
