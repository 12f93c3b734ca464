import * as React from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createServices, fakeFetch, renderWithServices, type FakeAnswer } from '../testing';
import PasswordLinkPage from './PasswordLinkPage';

const TOKEN = 'c'.repeat(64);
const GONE = { status: 404, body: { message: 'Ссылка недействительна: она устарела, уже использована или не существует' } };

function setup(routes: Record<string, FakeAnswer>) {
  const f = fakeFetch(routes);
  const services = createServices({ fetchImpl: f.impl });
  renderWithServices(
    <Routes>
      <Route path="/password/:token" element={<PasswordLinkPage />} />
      <Route path="*" element={<div data-testid="elsewhere" />} />
    </Routes>,
    { services, route: `/password/${TOKEN}` },
  );
  return Object.assign(f.calls, { services });
}

describe('the one-time password page (/app/password/:token)', () => {
  it('the password set: signed in as after a login (the api\'s user and token) and taken home', async () => {
    const user = { _id: 'a'.repeat(24), email: 'olga@oyster.test', fio: 'Ястребова Ольга', roles: ['agent', 'sub_agent'] };
    const calls = setup({
      [`/api/v2/auth/password-link/${TOKEN}`]: async (_url: string, init: RequestInit) =>
        (init.method === 'POST'
          ? { status: 200, text: async () => JSON.stringify({ result: true, email: 'olga@oyster.test', message: 'Пароль сохранён', user, token: 't'.repeat(64) }) }
          : { status: 200, text: async () => JSON.stringify({ fio: 'Ястребова Ольга', email: 'olga@oyster.test', purpose: 'invite' }) }) as never,
    });
    expect(await screen.findByRole('heading', { name: 'Приглашение на платформу' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'Long-enough-1' } });
    fireEvent.change(screen.getByLabelText('Пароль ещё раз'), { target: { value: 'Long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(calls.services.session.isSignedIn).toBe(true);
    expect(calls.services.session.user).toMatchObject({ email: 'olga@oyster.test' });
  });

  it('an api that only confirms: who, the sign-in\'s password rule, both fields alike; then «Пароль сохранён» and «Войти»', async () => {
    const calls = setup({
      [`/api/v2/auth/password-link/${TOKEN}`]: async (_url: string, init: RequestInit) =>
        (init.method === 'POST'
          ? { status: 200, text: async () => JSON.stringify({ result: true, email: 'olga@oyster.test' }) }
          : { status: 200, text: async () => JSON.stringify({ fio: 'Ястребова Ольга', email: 'olga@oyster.test', purpose: 'invite' }) }) as never,
    });
    expect(await screen.findByRole('heading', { name: 'Приглашение на платформу' })).toBeInTheDocument();
    expect(screen.getByText('Ястребова Ольга, olga@oyster.test')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Минимальная длина пароля 8 символов')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'Long-enough-1' } });
    fireEvent.change(screen.getByLabelText('Пароль ещё раз'), { target: { value: 'Long-enough-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === 'POST')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Пароль ещё раз'), { target: { value: 'Long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароль сохранён')).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ password: 'Long-enough-1' });
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login?legacy=true');
  });

  it('an unknown, used or expired link: «Ссылка недействительна»', async () => {
    setup({ [`/api/v2/auth/password-link/${TOKEN}`]: GONE });
    expect(await screen.findByText('Ссылка недействительна')).toBeInTheDocument();
  });

  it('the link used up meanwhile: the server\'s words under the form', async () => {
    setup({
      [`/api/v2/auth/password-link/${TOKEN}`]: async (_url: string, init: RequestInit) =>
        (init.method === 'POST'
          ? { status: 404, text: async () => JSON.stringify(GONE.body) }
          : { status: 200, text: async () => JSON.stringify({ fio: 'Иванов Иван', email: 'a@oyster.test', purpose: 'reset' }) }) as never,
    });
    expect(await screen.findByRole('heading', { name: 'Новый пароль' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: 'Long-enough-1' } });
    fireEvent.change(screen.getByLabelText('Пароль ещё раз'), { target: { value: 'Long-enough-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect((await screen.findByRole('alert')).textContent).toBe(GONE.body.message);
  });
});
