import QRCode from 'qrcode';

/**
 * The QR code of a form's verification link as an SVG (vector, so it prints sharp at any size). Medium error
 * correction survives a crease or a smudge on paper; the short token keeps the symbol small enough to scan
 * from a printed page.
 */
export function verificationQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#000000' },
  });
}

/** `https://host/api/v1/forms/verify/<token>`: absolute, from the request's own protocol and host. */
export function verificationUrl(origin: { protocol: string; host: string }, prefix: string, token: string) {
  return `${origin.protocol}://${origin.host}${prefix}/forms/verify/${token}`;
}
