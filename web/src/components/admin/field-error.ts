/**
 * Mantine ties an input's error to it with aria-describedby and aria-invalid; these props also make the error
 * announced when it appears.
 */
export const ERROR_PROPS = { role: 'alert', 'aria-live': 'assertive' } as const;
