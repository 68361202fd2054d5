import type { User } from '@lintel/contracts/account';
import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { AppRoutes } from '../../app/router';
import { configureHttp } from '../../lib/http';
import { type FakeApi, startFakeApi } from '../../test/fakeApi';
import { makeProfile, makeUser } from '../../test/fixtures';
import { createTestQueryClient } from '../../test/render';
import { clearFlowState, getFlowState, setRegisterFlow, setResetFlow } from './flowState';

/**
 * The registration and reset steps inside the whole shell (guards included): a step that signs the user in
 * must land on the next step, never be sent to /login by the guard of the step it leaves.
 */
let api: FakeApi;
let sessionUser: User | null;
const newUser = makeUser({ name: 'lisi', phoneNumber: '13912345678' });

beforeAll(async () => {
  api = await startFakeApi();
  api.on('GET account-service/system/profile', () => ({ json: makeProfile() }));
  api.on('GET account-service/logged', () =>
    sessionUser
      ? { json: sessionUser }
      : { status: 401, json: { code: 401, key: 'auth.required', message: 'x' } },
  );
  api.on('POST account-service/register', () => {
    sessionUser = newUser;
    return { json: newUser };
  });
  api.on(`PUT account-service/users/${newUser._id}/password`, () => {
    sessionUser = newUser;
    return { json: newUser };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  sessionUser = null;
  clearFlowState();
  configureHttp({ baseUrl: api.baseUrl });
});

function Where({ seen }: { seen: { path: string } }) {
  const { pathname } = useLocation();
  useEffect(() => {
    seen.path = pathname;
  });
  return null;
}

function renderApp(path: string) {
  const seen = { path: '' };
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where seen={seen} />
      </MemoryRouter>
    </AppProviders>,
  );
  return seen;
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('flow steps in the shell', () => {
  it('goes from step 1 to step 2 once registered (signed in), and step 1 is gone afterwards', async () => {
    setRegisterFlow({ phoneNumber: '13912345678', countryCode: '86', code: '654321' });
    const seen = renderApp('/perfectinformation');
    await screen.findByTestId('perfect-form');
    fill('perfect-name', 'lisi');
    fill('perfect-nickname', '李四');
    fill('perfect-email', 'lisi@example.com');
    fill('perfect-password', 'Secret12');
    fill('perfect-confirm', 'Secret12');
    fireEvent.click(screen.getByTestId('perfect-submit'));
    expect(await screen.findByTestId('complete-profile-page')).toBeInTheDocument();
    expect(seen.path).toBe('/perfectinformationnext');
    expect(getFlowState().register).toBeNull();
  }, 30_000);

  it('goes from the new password to the finish page once reset (signed in)', async () => {
    setResetFlow({ userId: newUser._id, phoneNumber: '13912345678', countryCode: '86', code: '123456' });
    const seen = renderApp('/resetPassword');
    await screen.findByTestId('reset-password-form');
    fill('reset-password', 'NewPass12');
    fill('reset-confirm', 'NewPass12');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('finish-password-page')).toBeInTheDocument();
    expect(seen.path).toBe('/finishPassword');
    expect(getFlowState()).toEqual({ register: null, reset: null, resetFinished: true });
    fireEvent.click(screen.getByTestId('finish-login-now'));
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(getFlowState().resetFinished).toBe(false);
  }, 30_000);
});
