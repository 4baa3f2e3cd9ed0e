/** Dialog titles read as headings: Mantine's default title is body weight. */
export const DIALOG_STYLES = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } };
