/** One printed field: an Arabic label and its value. `ltr` values (numbers, e-mails, Latin names) are isolated. */
export interface FormField {
  label: string;
  value: string;
  ltr: boolean;
}

/** A table row holds two fields side by side, or one wide field across the row. */
export type FormRow = [FormField] | [FormField, FormField];

export interface FormSection {
  title: string;
  rows: FormRow[];
}

const MISSING = '—';

type Spec = readonly [label: string, value: string | number | null | undefined, options?: FieldOptions];
interface FieldOptions {
  ltr?: boolean;
  /** Takes a whole row (long values: names, addresses, e-mails, qualifications). */
  wide?: boolean;
  /** Left out when the student has no value (imported, optional data); otherwise printed as '—'. */
  optional?: boolean;
}

function text(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
}

/** Runs of one left-to-right value longer than this get places to break (a long e-mail address). */
const LONG_RUN = 30;

/**
 * A long unspaced run (an e-mail address) cannot wrap in a table cell and would run off the page: zero-width
 * spaces after '.', '@', '_', '-' and '/' (and every 20 characters without one) let it wrap there. Ordinary
 * values are left exactly as they are.
 */
export function wrappable(value: string): string {
  return value.replace(new RegExp(`\\S{${LONG_RUN + 1},}`, 'g'), (run) =>
    run.replace(/[.@_\-/]/g, '$&\u200b').replace(/[^.@_\-/\u200b]{20}(?=[^\u200b])/g, '$&\u200b'),
  );
}

/** Fields laid out in rows: wide ones alone, the others in pairs in their order. */
export function fieldRows(specs: readonly Spec[]): FormRow[] {
  const rows: FormRow[] = [];
  let pending: FormField | undefined;
  for (const [label, raw, options = {}] of specs) {
    const value = text(raw);
    if (value === null && options.optional) continue;
    const ltr = Boolean(options.ltr) && value !== null;
    const field: FormField = { label, value: value === null ? MISSING : ltr ? wrappable(value) : value, ltr };
    if (options.wide) {
      if (pending) rows.push([pending]);
      pending = undefined;
      rows.push([field]);
    } else if (pending) {
      rows.push([pending, field]);
      pending = undefined;
    } else {
      pending = field;
    }
  }
  if (pending) rows.push([pending]);
  return rows;
}

/** The instant as dd/MM/yyyy HH:mm in the time zone. */
export function formatIssuedAt(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The options the forms' fields take most. */
export const LTR = { ltr: true } as const;
export const WIDE = { wide: true } as const;
export const WIDE_LTR = { wide: true, ltr: true } as const;
