import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The CSP allows no inline script; inline styles stay allowed because the UI library writes its theme variables
 * into a style element. No directive is a function of the request and there are no nonces, so the headers are
 * the same on every answer.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * Strict-Transport-Security for a year once the portal is reached over HTTPS (PUBLIC_URL), so a browser that saw
 * it once never again sends a student's cookie over plain HTTP, whatever link it follows. Without
 * includeSubDomains: the portal lives under a path of the university's host, and that host's other subdomains are
 * not the portal's to pin to HTTPS.
 */
const HELMET_OPTIONS_OVER_HTTPS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
};

/** HELMET_OPTIONS, with HSTS when students reach the portal at an `https://` PUBLIC_URL. */
export function helmetOptions(publicUrl: string): Readonly<HelmetOptions> {
  return new URL(publicUrl).protocol === 'https:' ? HELMET_OPTIONS_OVER_HTTPS : HELMET_OPTIONS;
}

/** The headers helmet writes with `options`, by lower-case name, captured from one run of its middleware. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer, helmet's with `helmetOptions`. They are computed once at start and set on the
 * reply: @fastify/helmet rebuilt helmet's middleware on every request (about 9 µs of CPU alone) to write the same
 * strings, and wrote them on the raw response, which sends Node's header writing down its slower merging path.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const headers = helmetHeaders(helmetOptions(app.config.notifications.publicUrl));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'portal-security-headers', decorators: { fastify: ['config'] } },
);
