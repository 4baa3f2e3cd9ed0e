import { MESSAGES } from '@portal/common';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { mockApi, studentLookup } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const GET_STUDENT = 'POST /api/v1/students/getStudent';
const PROOF = 'c29sdmVkIGNoYWxsZW5nZQ==';

// The solver itself runs in a Web Worker, which jsdom has not; the e2e spec (student-login-proof-of-work) runs it.
const solveLookupProof = vi.hoisted(() => vi.fn());
vi.mock('./solve-lookup-proof', () => ({ solveLookupProof }));

async function logIn(nationalID: string) {
  const { router, user } = renderApp('/');
  await user.type(await screen.findByLabelText('الرقم القومي'), nationalID);
  await user.click(screen.getByRole('button', { name: 'دخول' }));
  return router;
}

const proofRequired = () => ({
  status: 403,
  body: { status: 'error', message: MESSAGES.lookupProofRequired },
});

describe('the login while the server asks for a proof-of-work', () => {
  it('sends one request and loads no solver when none is asked for', async () => {
    const api = mockApi({ [GET_STUDENT]: () => ({ body: studentLookup() }) });
    await logIn('29901012345678');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toEqual([{ nationalID: '29901012345678' }]);
    expect(solveLookupProof).not.toHaveBeenCalled();
  });

  it('solves a challenge and sends the lookup again with it, without a click', async () => {
    solveLookupProof.mockResolvedValue({ status: 'success', data: PROOF, httpStatus: 200 });
    const api = mockApi({
      [GET_STUDENT]: ({ body }) =>
        (body as { altcha?: string }).altcha === PROOF ? { body: studentLookup() } : proofRequired(),
    });
    const router = await logIn('29901012345678');
    expect(await screen.findByRole('heading', { name: 'بيانات الطالب' })).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toEqual([
      { nationalID: '29901012345678' },
      { nationalID: '29901012345678', altcha: PROOF },
    ]);
    expect(router.state.location.pathname).toBe('/dashboard/studentDataView');
    expect(getCookie('nationalID')).toBe('29901012345678');
  });

  it('shows the Arabic message and stays on the login when the proof cannot be had', async () => {
    solveLookupProof.mockResolvedValue(undefined);
    const api = mockApi({ [GET_STUDENT]: proofRequired });
    const router = await logIn('29901012345678');
    expect(await screen.findByText(MESSAGES.lookupProofRequired)).toBeInTheDocument();
    expect(api.bodiesOf(GET_STUDENT)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
  });
});
