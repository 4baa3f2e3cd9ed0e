import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COOKIE_OPTIONS, encodeCookieValue } from './cookie-encoding.js';

describe('cookie values', () => {
  it('are written as they are when a cookie can carry them, base64 included', () => {
    expect(encodeCookieValue('0c5e8a2e-4b1d-4c1a-9f4e-3b2a1c0d9e8f.1767261600000.AbC_-x')).toBe(
      '0c5e8a2e-4b1d-4c1a-9f4e-3b2a1c0d9e8f.1767261600000.AbC_-x',
    );
    expect(encodeCookieValue("a+b/c=d!#$&'()*:<>?@[]^`{|}~")).toBe("a+b/c=d!#$&'()*:<>?@[]^`{|}~");
  });

  it('are percent-encoded whole when they hold a character a cookie cannot carry', () => {
    for (const value of ['محمد', 'a b', 'a"b', 'a,b', 'a;b', 'a\\b', '50%', 'a\u007fb', 'a+b/c ']) {
      expect(encodeCookieValue(value)).toBe(encodeURIComponent(value));
    }
  });

  it("keep a signed cookie's base64 signature unescaped in Set-Cookie, as cookie 2 wrote it", async () => {
    const app = Fastify();
    await app.register(cookie, { secret: 'x'.repeat(32), parseOptions: COOKIE_OPTIONS });
    app.get('/', (_request, reply) => {
      reply.setCookie('signed', 'c.2.d', { signed: true, path: '/' });
      reply.setCookie('arabic', 'محمد', { path: '/' }).send('');
    });
    const response = await app.inject({ url: '/' });
    expect(response.headers['set-cookie']).toEqual([
      'signed=c.2.d.Inf/5IyIsq0u1Z/M1Pd2A33X9jLCm4RyiHGajnzvWNY; Path=/; SameSite=Lax',
      `arabic=${encodeURIComponent('محمد')}; Path=/; SameSite=Lax`,
    ]);
    await app.close();
  });
});
