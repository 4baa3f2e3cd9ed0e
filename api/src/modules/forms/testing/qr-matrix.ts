import QRCode from 'qrcode';

/**
 * The dark modules of a QR code SVG as written by the `qrcode` package (`M x y.5` moves, `m dx dy` relative
 * moves and `h n` runs of dark modules on one row), as rows of '1' and '0' without the margin.
 */
export function svgModules(svg: string, margin = 1): string[] {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path[^>]*stroke="[^"]+"[^>]*\sd="([^"]+)"/.exec(svg)?.[1];
  if (!size || !path) throw new Error('not a qrcode SVG');
  const grid = Array.from({ length: size }, () => Array<string>(size).fill('0'));
  let x = 0;
  let y = 0;
  for (const [, command, args] of path.matchAll(/([MmHhVv])([^MmHhVv]*)/g)) {
    const numbers = (args ?? '')
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (command === 'M') [x, y] = numbers as [number, number];
    else if (command === 'm') [x, y] = [x + (numbers[0] ?? 0), y + (numbers[1] ?? 0)];
    else if (command === 'h') {
      const row = grid[Math.floor(y)];
      for (let i = 0; i < (numbers[0] ?? 0); i++) if (row) row[x + i] = '1';
      x += numbers[0] ?? 0;
    } else throw new Error(`unexpected path command ${command}`);
  }
  return grid.slice(margin, size - margin).map((row) => row.slice(margin, size - margin).join(''));
}

/** The dark modules the `qrcode` package computes for the text, in the same shape. */
export function expectedModules(text: string, errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' = 'M'): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? '1' : '0')).join(''),
  );
}
