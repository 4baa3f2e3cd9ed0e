import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import inputFocus from '@/components/input-focus.module.css';

// A calm navy-teal; shade 7 (the filled colour) gives white text a 7.3:1 contrast, shade 6 still 5.6:1.
const university: MantineColorsTuple = [
  '#eef5fa',
  '#d6e6f2',
  '#aecde3',
  '#82b1d3',
  '#5c97c3',
  '#3f80b3',
  '#2b6c9e',
  '#1f5a86',
  '#17496d',
  '#0f3652',
];

const FONT = "'Noto Naskh Arabic', 'Segoe UI', Tahoma, sans-serif";
// Verbs, not the noun 'إغلاق': a dialog's own 'إغلاق' button stays the only one of that name.
const CLOSE = 'أغلق النافذة';
const CLOSE_NOTICE = 'أغلق الإشعار';

// Mantine's close buttons are a bare ×, and a dialog's <header> sits in a <section role="dialog">, which is not
// sectioning content to assistive technology: it would read as a second page banner.
const dialogDefaults = {
  closeButtonProps: { 'aria-label': CLOSE },
  attributes: { header: { role: 'presentation' } },
};

export const theme = createTheme({
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  colors: { university },
  primaryColor: 'university',
  primaryShade: 7,
  autoContrast: true,
  defaultRadius: 'md',
  components: {
    // Plain objects, not Modal.extend(…): importing the components here would put the dialogs' code in every
    // screen's first load.
    Modal: { defaultProps: dialogDefaults },
    Drawer: { defaultProps: dialogDefaults },
    Input: { classNames: { input: inputFocus.input } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_NOTICE } } },
  },
});

/** Mantine's default error red (3.3:1) and dimmed grey (3.3:1) fall short of WCAG AA on white; these reach 5:1+. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
