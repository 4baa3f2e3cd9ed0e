import { describe, expect, it } from 'vitest';
import { insertStudent } from '../../../test/builders.js';
import { createTestApp } from '../../../test/test-app.js';

const { app, database } = await createTestApp({ STUDENT_LOOKUP_RATE_LIMIT: '3' });

function lookup(nationalID: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: { nationalID },
    remoteAddress,
  });
}

describe('getStudent rate limit', () => {
  it('answers 429 in Arabic past the per-minute limit, per client address', async () => {
    const student = await insertStudent(database.db);
    for (const nationalID of [student.nationalId, '29912319999999', student.nationalId]) {
      const res = await lookup(nationalID, '10.0.0.1');
      expect(res.statusCode).not.toBe(429);
    }
    const limited = await lookup(student.nationalId, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 'error',
      message: 'عدد كبير من المحاولات، حاول مرة أخرى بعد قليل',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();

    const otherClient = await lookup(student.nationalId, '10.0.0.2');
    expect(otherClient.statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client, and IPv4-mapped IPv6 as its IPv4', async () => {
    const student = await insertStudent(database.db);
    const statuses = [];
    for (const address of ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:db8:77:1:ffff:ffff:ffff:ffff']) {
      statuses.push((await lookup(student.nationalId, address)).statusCode);
    }
    statuses.push((await lookup(student.nationalId, '2001:db8:77:1::9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await lookup(student.nationalId, '2001:db8:77:2::1')).statusCode).toBe(200);

    for (let i = 0; i < 3; i += 1) await lookup(student.nationalId, '10.0.0.9');
    expect((await lookup(student.nationalId, '::ffff:10.0.0.9')).statusCode).toBe(429);
  });

  it('limits only getStudent', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/additionalQuestions',
        remoteAddress: '10.0.0.1',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
