/** RFC 5987 encoding of a file name for `filename*` (encodeURIComponent leaves a few characters it must not). */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition` of a download: the Arabic file name for browsers that read `filename*` (all current
 * ones) and an ASCII name for the others. The ASCII name is reduced to letters, digits, '.', '_' and '-'.
 */
export function attachment(arabicName: string, asciiName: string): string {
  const ascii = asciiName.replace(/[^A-Za-z0-9._-]+/g, '-');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const arabic = arabicName.replace(/[\u0000-\u001f\u007f/\\]+/g, ' ');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(arabic)}`;
}

/** Today's date as `YYYY-MM-DD`, for file names. */
export function fileDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
