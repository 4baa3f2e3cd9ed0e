import type { ReactNode } from 'react';
import classes from './table-scroll.module.css';

interface TableScrollProps {
  /** The id of the table's caption or heading: the region is announced by it. */
  labelledBy: string;
  /** A screen's own limits on top (a maximum height). */
  className?: string;
  children: ReactNode;
}

/**
 * The box a wide staff table scrolls in on a narrow screen. Focusable, so a keyboard user can scroll it, and a
 * region named by the table's caption, so a screen reader says what it scrolls.
 */
export function TableScroll({ labelledBy, className, children }: TableScrollProps) {
  const boxClass = className ? `${classes.tableScroll} ${className}` : classes.tableScroll;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
    <section className={boxClass} tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
