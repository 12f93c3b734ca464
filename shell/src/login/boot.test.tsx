/**
 * The prerendered login page (shell/prerender.mjs → dist/login.html) and its hydration by the live
 * form (login/boot.tsx): the nodes the user sees stay, nothing the user did before the scripts ran
 * is lost, and a click on «Войти» made then is neither sent by the browser nor dropped.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderLogin } from './prerender';
import { holdPrerenderedSubmits } from './hold-submits';

jest.mock('../bootstrap', () => ({ start: jest.fn() }));

let fetchMock: jest.Mock;

function servePrerenderedPage(url = '/app/login?legacy=true') {
  // React's development build warns that antd's layout effects do not run on a server; the build's
  // prerender uses the production build, which does not.
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { html, css } = renderLogin();
  error.mockRestore();
  window.history.replaceState(null, '', url);
  document.head.innerHTML = `<style data-prerendered="login">${css}</style>`;
  document.body.innerHTML = `<div id="root"><div data-prerendered="login">${html}</div></div>`;
}

const answer = (body: unknown) => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) });

async function bootLiveForm() {
  const { start } = await import('./boot');
  act(() => start());
}

beforeAll(() => holdPrerenderedSubmits());
beforeEach(() => {
  localStorage.clear();
  fetchMock = jest.fn((url: string) =>
    url.includes('/auth/login')
      ? answer({ user: { _id: 'u1', email: 'agent@oyster.test' }, token: 't'.repeat(64), error: false })
      : answer({ legacyLoginUrl: null }),
  );
  (global as unknown as { fetch: jest.Mock }).fetch = fetchMock;
});

describe('the prerendered login page', () => {
  it('is the login form itself: «Вход», Email, Пароль, «Запомнить меня», «Войти»', () => {
    servePrerenderedPage();
    expect(screen.getByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Запомнить меня' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toHaveAttribute('type', 'submit');
    // A submit before the scripts ran may not put the password into a URL.
    expect(screen.getByRole('button', { name: 'Войти' }).closest('form')).toHaveAttribute('method', 'post');
  });

  it('is hydrated: the same nodes become the live form, without a hydration error', async () => {
    servePrerenderedPage();
    const form = document.querySelector('form')!;
    const email = screen.getByLabelText('Email');
    const error = jest.spyOn(console, 'error');
    await bootLiveForm();
    await waitFor(() => expect(document.querySelector('[data-prerendered]')).toBeNull());
    expect(document.querySelector('form')).toBe(form);
    expect(screen.getByLabelText('Email')).toBe(email);
    // Live: typing is React's now (an error shows on change).
    fireEvent.change(email, { target: { value: 'agent@' } });
    expect(screen.getByText('Неправильный email')).toBeInTheDocument();
    expect(error.mock.calls.map((c) => String(c[0])).filter((m) => /hydrat|did not match/i.test(m))).toEqual([]);
    error.mockRestore();
  });

  it('the live form keeps what was typed and where the caret was, its errors shown; the page’s copy of the styles goes', async () => {
    servePrerenderedPage();
    const typedEmail = screen.getByLabelText('Email');
    fireEvent.change(typedEmail, { target: { value: 'agent@' } });
    const password = screen.getByLabelText('Пароль') as HTMLInputElement;
    password.value = 'Oyster';
    password.focus();
    password.setSelectionRange(3, 3);
    await bootLiveForm();
    await waitFor(() => expect(document.querySelector('[data-prerendered]')).toBeNull());
    expect(screen.getByLabelText('Email')).toBe(typedEmail);
    expect(screen.getByLabelText('Email')).toHaveValue('agent@');
    expect(screen.getByText('Неправильный email')).toBeInTheDocument();
    expect(screen.getByText('Минимальная длина пароля 8 символов')).toBeInTheDocument();
    const live = screen.getByLabelText('Пароль') as HTMLInputElement;
    expect(live).toHaveValue('Oyster');
    expect(document.activeElement).toBe(live);
    expect(live.selectionStart).toBe(3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a click on «Войти» before the live form exists is held, then signs in once it is there', async () => {
    servePrerenderedPage();
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'agent@oyster.test';
    (screen.getByLabelText('Пароль') as HTMLInputElement).value = 'Oyster2026!';
    const sent = fireEvent.submit(screen.getByRole('button', { name: 'Войти' }).closest('form')!);
    expect(sent).toBe(false); // the browser's own submit was prevented
    await bootLiveForm();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v2/auth/login/', expect.objectContaining({ method: 'POST' })));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v2/auth/login/');
    expect(JSON.parse(call[1].body)).toEqual({ email: 'agent@oyster.test', password: 'Oyster2026!', rememberMe: false });
    await waitFor(() => expect(window.location.pathname).toBe('/app/'));
  });

  it('without legacy=true the form stays on screen while the legacy login page is asked for', async () => {
    servePrerenderedPage('/app/login');
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    await bootLiveForm();
    expect(fetchMock).toHaveBeenCalledWith('/api/v2/config', expect.anything());
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Загрузка' })).toBeNull();
  });
});
