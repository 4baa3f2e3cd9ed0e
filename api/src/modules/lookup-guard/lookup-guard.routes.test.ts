import { LOOKUP_PROOF_FIELD, MESSAGES } from '@portal/common';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertStudent, randomNationalId } from '../../../test/builders.js';
import { createSecondInstance } from '../../../test/second-instance.js';
import { createTestApp, TEST_SECRET } from '../../../test/test-app.js';
import type { App } from '../../app.js';
import { LOOKUP_CHALLENGE_PATH, PROOF_OF_WORK_HEADER } from './lookup-guard.js';
import { lookupProofOfWork } from './proof-of-work.js';

const THRESHOLD = 2;
const ENV = { STUDENT_LOOKUP_POW_THRESHOLD: String(THRESHOLD), STUDENT_LOOKUP_RATE_LIMIT: '10000' };
const { app, database } = await createTestApp(ENV);
/** Another instance on the same database: it learns that the guard is on from the database alone. */
const other = await createSecondInstance(database.url, ENV);

const REFUSED = { status: 'error', message: MESSAGES.lookupProofRequired };

function lookup(target: App, body: Record<string, string>, cookie?: string) {
  return target.inject({
    method: 'POST',
    url: '/api/v1/students/getStudent',
    payload: body,
    headers: cookie ? { cookie } : {},
  });
}

function formPost(body: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/students/loginForm',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(body).toString(),
  });
}

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];

/** A challenge solved as the browser solves it, as the `altcha` field carries it. */
async function solved(
  challenge: Challenge,
  tamper: (proof: { challenge: Challenge; solution: object }) => void = () => {},
) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const proof = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  tamper(proof);
  return Buffer.from(JSON.stringify(proof)).toString('base64');
}

async function challengeOf(target: App): Promise<Challenge> {
  const answer = await target.inject({ method: 'GET', url: LOOKUP_CHALLENGE_PATH });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.json();
}

const misses = async () =>
  (
    await database.db.execute<{ misses: number }>(
      sql`SELECT coalesce(sum(misses), 0)::int AS misses FROM student_lookup_misses`,
    )
  ).rows[0]?.misses;

describe('the lookup guard', () => {
  it('under the threshold: lookups need no proof, and each unknown national ID is counted', async () => {
    const student = await insertStudent(database.db);
    for (let i = 0; i < THRESHOLD; i += 1)
      expect((await lookup(app, { nationalID: randomNationalId() })).statusCode).toBe(404);
    expect(await misses()).toBe(THRESHOLD);
    const known = await lookup(app, { nationalID: student.nationalId });
    expect(known.statusCode).toBe(200);
    expect(known.headers[PROOF_OF_WORK_HEADER]).toBeUndefined();
  });

  it('over it: refuses a lookup without a proof (JSON and form post), on every instance, changing nothing', async () => {
    const student = await insertStudent(database.db);
    // One more unknown national ID than the threshold.
    expect((await lookup(app, { nationalID: randomNationalId() })).statusCode).toBe(404);

    const refused = await lookup(app, { nationalID: student.nationalId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect(refused.headers[PROOF_OF_WORK_HEADER]).toBe(`altcha; challenge=${LOOKUP_CHALLENGE_PATH}`);
    expect(refused.headers['set-cookie']).toBeUndefined();

    const form = await formPost({ nationalID: student.nationalId });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('/stAdmission/?loginError=proofRequired');
    expect(form.headers['set-cookie']).toBeUndefined();

    const before = await misses();
    expect((await lookup(app, { nationalID: randomNationalId() })).statusCode).toBe(403);
    expect(await misses()).toBe(before);

    expect((await lookup(other, { nationalID: student.nationalId })).statusCode).toBe(403);
  });

  it('accepts a solved challenge once (JSON and form post), and counts an unknown ID looked up with one', async () => {
    const student = await insertStudent(database.db);
    const proof = await solved(await challengeOf(app));
    const accepted = await lookup(app, { nationalID: student.nationalId, [LOOKUP_PROOF_FIELD]: proof });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['set-cookie']).toContain('studentSession=');

    const replayed = await lookup(app, { nationalID: student.nationalId, [LOOKUP_PROOF_FIELD]: proof });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toEqual(REFUSED);

    const form = await formPost({
      nationalID: student.nationalId,
      [LOOKUP_PROOF_FIELD]: await solved(await challengeOf(app)),
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toMatch(/^\/stAdmission\/dashboard\//);

    const before = await misses();
    const unknown = await lookup(app, {
      nationalID: randomNationalId(),
      [LOOKUP_PROOF_FIELD]: await solved(await challengeOf(app)),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await misses()).toBe((before ?? 0) + 1);
  });

  it.each([
    [
      'a wrong derived key',
      (proof: { solution: { derivedKey?: string } }) => {
        proof.solution.derivedKey = '00'.repeat(32);
      },
    ],
    [
      'a changed prefix',
      (proof: { challenge: Challenge }) => {
        proof.challenge.parameters.keyPrefix = '00';
      },
    ],
    [
      'a later expiry',
      (proof: { challenge: Challenge }) => {
        proof.challenge.parameters.expiresAt = 4_000_000_000;
      },
    ],
    [
      'a changed signature',
      (proof: { challenge: Challenge }) => {
        proof.challenge.signature = 'a'.repeat(64);
      },
    ],
  ])('refuses a proof with %s', async (_name, tamper) => {
    const student = await insertStudent(database.db);
    const proof = await solved(await challengeOf(app), tamper as never);
    const refused = await lookup(app, { nationalID: student.nationalId, [LOOKUP_PROOF_FIELD]: proof });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a challenge signed with another secret, an expired one, and what is no proof at all', async () => {
    const student = await insertStudent(database.db);
    const foreign = await solved(await lookupProofOfWork('another-portal-secret-of-enough-length').create());
    const expired = await solved(await lookupProofOfWork(TEST_SECRET, () => Date.now() - 3_600_000).create());
    for (const proof of [foreign, expired, 'bm90IGEgcHJvb2Y=', '%%%', '']) {
      const refused = await lookup(app, { nationalID: student.nationalId, [LOOKUP_PROOF_FIELD]: proof });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(REFUSED);
    }
    const tooLong = await lookup(app, {
      nationalID: student.nationalId,
      [LOOKUP_PROOF_FIELD]: 'a'.repeat(3000),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual(REFUSED);
  });

  it("lets a session's own student look itself up again without a proof, and nobody else, nor after its logout", async () => {
    const student = await insertStudent(database.db);
    const other = await insertStudent(database.db);
    const login = await lookup(app, {
      nationalID: student.nationalId,
      [LOOKUP_PROOF_FIELD]: await solved(await challengeOf(app)),
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await lookup(app, { nationalID: student.nationalId }, cookie)).statusCode).toBe(200);
    for (const nationalID of [other.nationalId, randomNationalId()]) {
      const refused = await lookup(app, { nationalID }, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(REFUSED);
    }
    const logout = await app.inject({ method: 'POST', url: '/api/v1/students/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const afterLogout = await lookup(app, { nationalID: student.nationalId }, cookie);
    expect(afterLogout.statusCode).toBe(403);
    expect(afterLogout.json()).toEqual(REFUSED);
  });
});
