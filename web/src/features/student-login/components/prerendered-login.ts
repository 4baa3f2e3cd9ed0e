/**
 * index.html carries the login form prerendered at build (scripts/prerender-web.mjs), working as a plain form post
 * before any script has arrived. React replaces that markup when it starts; what the student typed into it
 * meanwhile, and the focus, move to React's field instead of being lost.
 */
export interface TypedBeforeScript {
  /** The prerendered field itself: detached once React has replaced it, it still holds what was typed. */
  field: HTMLInputElement;
  focused: boolean;
}

let adopted: TypedBeforeScript | undefined;

/** Notes the prerendered field inside `root` before React renders into it. */
export function adoptPrerenderedLogin(root: HTMLElement): void {
  const field = root.querySelector<HTMLInputElement>('input[name="nationalID"]');
  adopted = field === null ? undefined : { field, focused: false };
}

/**
 * What the student did in the prerendered form, once: the login screen asks while it renders (the prerendered
 * field is still in the page, so whether it has the focus is known then).
 */
export function takePrerenderedLogin(): TypedBeforeScript | undefined {
  const taken = adopted;
  adopted = undefined;
  if (taken !== undefined) taken.focused = document.activeElement === taken.field;
  return taken;
}
