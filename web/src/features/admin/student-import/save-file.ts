/** Hands a fetched file to the browser to save under `name`. Its own module so tests can replace it. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
