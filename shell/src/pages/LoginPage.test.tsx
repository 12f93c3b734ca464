import * as React from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { createServices, fakeFetch, renderWithServices, type FakeAnswer } from '../testing';
import { STORAGE_KEYS } from '../services/storage';
import LoginPage, { legacyRedirect } from './LoginPage';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

function setup(routes: Record<string, FakeAnswer>, route = '/login?legacy=true') {
  const f = fakeFetch({ '/api/v2/config': { status: 200, body: { legacyLoginUrl: null } }, ...routes });
  const services = createServices({ fetchImpl: f.impl });
  renderWithServices(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { services, route },
  );
  return { services, calls: f.calls };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => localStorage.clear());

describe('login page (spec §2, §5)', () => {
  it('shows «Вход», Email, Пароль, «Запомнить меня» and «Войти»', async () => {
    setup({});
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Запомнить меня' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.queryByText('/login')).not.toBeInTheDocument();
  });

  it('validates on every change with the exact texts', async () => {
    setup({});
    await screen.findByRole('heading', { name: 'Вход' });
    type('Email', 'ivan@');
    expect(await screen.findByText('Неправильный email')).toBeInTheDocument();
    type('Email', '');
    expect(await screen.findByText('email обязательное поле')).toBeInTheDocument();
    type('Email', 'ivan@oyster.test');
    await waitFor(() => expect(screen.queryByText('email обязательное поле')).not.toBeInTheDocument());
    type('Пароль', 'short');
    expect(await screen.findByText('Минимальная длина пароля 8 символов')).toBeInTheDocument();
    type('Пароль', '');
    expect(await screen.findByText('Пароль обязательное поле')).toBeInTheDocument();
  });

  it('Enter on an empty form shows both required texts and sends nothing', async () => {
    const { calls } = setup({});
    await screen.findByRole('heading', { name: 'Вход' });
    fireEvent.submit(screen.getByLabelText('Пароль').closest('form')!);
    expect(await screen.findByText('email обязательное поле')).toBeInTheDocument();
    expect(screen.getByText('Пароль обязательное поле')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/auth/login'))).toBe(false);
  });

  it('shows the server message and type in red under the form', async () => {
    setup({
      '/api/v2/auth/login/': {
        status: 200,
        body: { user: null, token: null, error: true, message: 'Неверный email или пароль', type: 'credentials' },
      },
    });
    await screen.findByRole('heading', { name: 'Вход' });
    type('Email', 'agent@oyster.test');
    type('Пароль', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Неверный email или пароль');
    expect(alert).toHaveTextContent('credentials');
    expect(alert).toHaveStyle({ color: '#c8352b' });
  });

  it.each<[string, FakeAnswer]>([
    ['an answer with neither user nor error', { status: 200, body: { user: null, error: null } }],
    ['a failed call', { status: 500, body: {} }],
    ['no network', new TypeError('Failed to fetch')],
  ])('shows the unexpected-error text for %s', async (_name, answer) => {
    setup({ '/api/v2/auth/login/': answer });
    await screen.findByRole('heading', { name: 'Вход' });
    type('Email', 'agent@oyster.test');
    type('Пароль', 'Oyster2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    // Under the form, in red (a failed call may also raise the client's toast).
    const error = await screen.findByText('Произошла непредвиденная ошибка. Попробуйте попытку позже');
    expect(error).toHaveClass('oy-auth__error');
  });

  it('after success stores the session, emits login and goes to the remembered path', async () => {
    localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/contracts?status=draft');
    const { services, calls } = setup({
      '/api/v2/auth/login/': { status: 200, body: { user: DEMO_USERS.agent, token: 'tok-agent', error: null, message: null, type: null } },
    });
    const sent: string[] = [];
    services.bus.toServer$.subscribe((m) => sent.push(m.name));
    await screen.findByRole('heading', { name: 'Вход' });
    type('Email', 'agent@oyster.test');
    type('Пароль', 'Oyster2026!');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Запомнить меня' }));
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/contracts');
    const login = calls.find((c) => c.url.includes('/auth/login/'))!;
    expect(JSON.parse(String(login.init.body))).toEqual({ email: 'agent@oyster.test', password: 'Oyster2026!', rememberMe: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-agent');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
    expect(services.session.user?.roles).toEqual(['agent']);
    expect(sent).toContain('login');
  });

  it('without a remembered path goes home', async () => {
    setup({ '/api/v2/auth/login/': { status: 200, body: { user: DEMO_USERS.admin, token: 't', error: null } } });
    await screen.findByRole('heading', { name: 'Вход' });
    type('Email', 'admin@oyster.test');
    type('Пароль', 'Oyster2026!');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('redirects to the legacy login page keeping the query, unless legacy=true', async () => {
    const go = jest.spyOn(legacyRedirect, 'go').mockImplementation(() => undefined);
    setup({ '/api/v2/config': { status: 200, body: { legacyLoginUrl: 'https://old.example.ru/login' } } }, '/login?utm=mail');
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://old.example.ru/login?utm=mail'));
    go.mockRestore();
  });

  it('does not redirect when the config has no legacy page', async () => {
    const go = jest.spyOn(legacyRedirect, 'go').mockImplementation(() => undefined);
    setup({}, '/login');
    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    go.mockRestore();
  });

  it('sends an already signed-in user home', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(DEMO_USERS.agent));
    setup({});
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
