import * as React from 'react';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { createServices, fakeFetch, renderWithServices, type FakeAnswer } from '../testing';
import { STORAGE_KEYS } from '../services/storage';
import SignInByTokenPage, { browser } from './SignInByTokenPage';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

const TOKEN = 'a'.repeat(64);

function setup(route: string, routes: Record<string, FakeAnswer> = {}) {
  const f = fakeFetch(routes);
  const services = createServices({ fetchImpl: f.impl });
  const replace = jest.spyOn(browser, 'replace').mockImplementation(() => undefined);
  renderWithServices(
    <Routes>
      <Route path="/sing-in/:token?" element={<SignInByTokenPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { services, route },
  );
  return { services, calls: f.calls, replace };
}

beforeEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('sign-in by token (spec §2 sing-in/{token})', () => {
  it('sends the browser to the api route that swaps the token for the cookie; no api call carries it in a query', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'b'.repeat(64));
    const { calls, replace } = setup(`/sing-in/${TOKEN}`);
    expect(await screen.findByText('Выполняется вход…')).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith(`/api/v2/auth/sign-in-by-token?token=${TOKEN}&to=%2Fapp%2Fsing-in`);
    expect(calls.filter((c) => c.url.includes('token='))).toEqual([]);
    // Someone else's stored token must not be sent when the browser comes back with the cookie.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('takes the token from ?x-api-token= too', async () => {
    const { replace } = setup(`/sing-in?x-api-token=${TOKEN}`);
    await screen.findByText('Выполняется вход…');
    expect(replace).toHaveBeenCalledWith(expect.stringContaining(`/api/v2/auth/sign-in-by-token?token=${TOKEN}&`));
  });

  it('back on the clean address, signs in by the cookie and goes home', async () => {
    const { calls, services, replace } = setup('/sing-in', { '/api/v2/auth/get-user': { status: 200, body: { user: DEMO_USERS.agent } } });
    expect(await screen.findByTestId('where')).toHaveTextContent('/');
    expect(replace).not.toHaveBeenCalled();
    // Signed in: the popups sent while the user was away are asked for (§4 popup communications), and
    // an agent's webinar reminders.
    expect(calls.map((c) => c.url)).toEqual(['/api/v2/auth/get-user', '/api/v2/communications/pending', '/api/v2/webinars/toasts']);
    expect(services.session.user?.email).toBe(DEMO_USERS.agent.email);
    expect(services.session.token).toBeNull();
  });

  it('a refused token (?failed=1) or no session shows «Не удалось войти по ссылке»', async () => {
    setup('/sing-in?failed=1');
    expect(await screen.findByText('Не удалось войти по ссылке')).toBeInTheDocument();
  });

  it('without a cookie session the landing fails', async () => {
    setup('/sing-in', { '/api/v2/auth/get-user': { status: 401, body: { message: 'Вы не авторизованы' } } });
    expect(await screen.findByText('Не удалось войти по ссылке')).toBeInTheDocument();
  });
});
