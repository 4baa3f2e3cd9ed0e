import { afterEach, describe, expect, it } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { startLookupEarly, takeEarlyLookup } from './early-requests';

const GET_STUDENT = 'POST /api/v1/students/getStudent';

afterEach(() => {
  // Nothing left pending for the next test.
  takeEarlyLookup('');
});

describe('the early lookup of a student screen', () => {
  it('looks the student up by the stored national ID alone when no seat number is kept', async () => {
    setCookie('nationalID', '29901012345678');
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    startLookupEarly();
    const answer = await takeEarlyLookup('29901012345678');
    expect(answer?.status).toBe('success');
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678' }]);
  });

  it('carries the seat number kept since a login with the student second factor', async () => {
    setCookie('nationalID', '29901012345678');
    setCookie('seatNo', '12345');
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    startLookupEarly();
    await takeEarlyLookup('29901012345678');
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678', seatNo: '12345' }]);
  });
});
