import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/builders.js';
import { createTestApp } from '../../test/test-app.js';

// One lookup a minute per client address: a second lookup from the same client is refused, from another one not.
const { app, database } = await createTestApp({
  TRUST_PROXY: '10.9.0.0/16, 192.0.2.10',
  STUDENT_LOOKUP_RATE_LIMIT: '1',
});

function lookup(nationalID: string, remoteAddress: string, forwardedFor: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: { nationalID },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
}

describe('TRUST_PROXY as addresses and ranges', () => {
  it("takes the client's address from X-Forwarded-For only when a listed proxy sent it", async () => {
    const { nationalId } = await insertStudent(database.db);
    // Through a proxy of the listed range, then the listed address: each forwarded client counts on its own.
    expect((await lookup(nationalId, '10.9.3.4', '203.0.113.1')).statusCode).toBe(200);
    expect((await lookup(nationalId, '192.0.2.10', '203.0.113.2')).statusCode).toBe(200);
    // Two proxies, both trusted: the client is the address before them.
    expect((await lookup(nationalId, '10.9.3.4', '203.0.113.3, 192.0.2.10')).statusCode).toBe(200);
    expect((await lookup(nationalId, '10.9.3.4', '203.0.113.3, 10.9.8.8')).statusCode).toBe(429);
  });

  it('counts a client that is not a listed proxy by its own address, whatever it forwards', async () => {
    const { nationalId } = await insertStudent(database.db);
    expect((await lookup(nationalId, '198.51.100.7', '203.0.113.10')).statusCode).toBe(200);
    expect((await lookup(nationalId, '198.51.100.7', '203.0.113.11')).statusCode).toBe(429);
    // A forged hop in front of a listed proxy does not make its sender trusted either.
    expect((await lookup(nationalId, '10.9.3.4', '203.0.113.20, 198.51.100.7')).statusCode).toBe(429);
  });
});
