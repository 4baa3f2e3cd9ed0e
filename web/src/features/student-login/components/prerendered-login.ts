/**
 * index.html carries the login form prerendered at build (scripts/prerender-web.mjs), working as a plain form post
 * before any script has arrived. React replaces that markup when it starts; what the student typed into it
 * meanwhile, and the focus, move to React's fields instead of being lost.
 */
export interface TypedBeforeScript {
  /** The prerendered fields themselves: detached once React has replaced them, they still hold what was typed. */
  field: HTMLInputElement;
  /** The seat number's field, on the pages of STUDENT_SECOND_FACTOR=seatNo. */
  seatNoField: HTMLInputElement | null;
  /** Which of the two had the focus, if either. */
  focused: 'nationalID' | 'seatNo' | null;
}

let adopted: TypedBeforeScript | undefined;

/** Notes the prerendered fields inside `root` before React renders into it. */
export function adoptPrerenderedLogin(root: HTMLElement): void {
  const field = root.querySelector<HTMLInputElement>('input[name="nationalID"]');
  adopted =
    field === null
      ? undefined
      : { field, seatNoField: root.querySelector('input[name="seatNo"]'), focused: null };
}

/**
 * What the student did in the prerendered form, once: the login screen asks while it renders (the prerendered
 * fields are still in the page, so which has the focus is known then).
 */
export function takePrerenderedLogin(): TypedBeforeScript | undefined {
  const taken = adopted;
  adopted = undefined;
  if (taken !== undefined) {
    const active = document.activeElement;
    taken.focused =
      active === taken.field
        ? 'nationalID'
        : active !== null && active === taken.seatNoField
          ? 'seatNo'
          : null;
  }
  return taken;
}
