import { describe, expect, it } from 'vitest';
import { verificationQrSvg, verificationUrl } from './qr-code.js';
import { expectedModules, svgModules } from './testing/qr-matrix.js';

describe('the verification QR code', () => {
  it('builds the absolute verification link from the request origin', () => {
    expect(verificationUrl({ protocol: 'https', host: 'portal.example.edu:8443' }, '/api/v1', 'TOKEN')).toBe(
      'https://portal.example.edu:8443/api/v1/forms/verify/TOKEN',
    );
  });

  it('is an SVG whose modules encode exactly the link', async () => {
    const url = `https://portal.example.edu/api/v1/forms/verify/${'A'.repeat(52)}`;
    const svg = await verificationQrSvg(url);
    expect(svg.startsWith('<svg')).toBe(true);
    const modules = svgModules(svg);
    expect(modules).toEqual(expectedModules(url));
    // A different link gives a different symbol: the comparison really reads the data.
    expect(modules).not.toEqual(expectedModules(url.replace('portal', 'portai')));
  });
});
