/**
 * Opens a download link (spec section 7: the browser navigates to `path`). The server answers it as an
 * attachment, so the page stays where it is. Its own module so tests can replace it: jsdom cannot navigate.
 */
export function openDownload(path: string): void {
  window.location.assign(path);
}
