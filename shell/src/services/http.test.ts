import { ERROR_TEXTS, REQUEST_TIMEOUT_MS, TOAST_DURATION_SEC } from '@oyster/shared-kit/domain';
import { HttpError, type ToastOptions } from '@oyster/shared-kit/runtime';
import { createHttpClient } from './http';
import { STORAGE_KEYS } from './storage';
import { fakeFetch } from '../testing';

function setup(routes: Parameters<typeof fakeFetch>[0], token: string | null = 'tok-1') {
  const shown: ToastOptions[] = [];
  const onUnauthorized = jest.fn();
  const f = fakeFetch(routes);
  const http = createHttpClient({
    getToken: () => token,
    sessionId: 'tab-42',
    toasts: { show: (t) => shown.push(t) },
    onUnauthorized,
    fetchImpl: f.impl,
  });
  return { http, shown, onUnauthorized, calls: f.calls };
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/app/');
});

describe('HTTP client headers', () => {
  it('sends the token, the per-tab session id, JSON and the credentials cookie', async () => {
    const { http, calls } = setup({ '/api/v2/x': { status: 200, body: { ok: 1 } } });
    await expect(http.post('/api/v2/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const init = calls[0].init;
    const headers = init.headers as Record<string, string>;
    expect(headers['x-api-token']).toBe('tok-1');
    expect(headers['x-session-id']).toBe('tab-42');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
  });

  it('uploads a multipart form with the same headers and lets the browser set its Content-Type', async () => {
    const { http, calls } = setup({ '/api/v2/uploads?kind=banners': { status: 200, body: { data: { url: '/media/banners/a.png' } } } });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    await expect(http.upload('/api/v2/uploads?kind=banners', form)).resolves.toEqual({ data: { url: '/media/banners/a.png' } });
    const init = calls[0].init;
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(headers['x-api-token']).toBe('tok-1');
    expect(headers['x-session-id']).toBe('tab-42');
    expect(headers['Content-Type']).toBeUndefined();
    expect(init.credentials).toBe('include');
  });

  it('an upload the server refuses shows its message, as any 400', async () => {
    const { http, shown } = setup({ '/api/v2/uploads': { status: 400, body: { message: 'Файл больше 5 МБ' } } });
    const err = (await http.upload('/api/v2/uploads?kind=news', new FormData()).catch((e) => e)) as HttpError;
    expect(err.message).toBe('Файл больше 5 МБ');
    expect(shown.map((t) => t.body)).toEqual(['Файл больше 5 МБ']);
  });

  it('sends no token header when signed out', async () => {
    const { http, calls } = setup({ '/x': { status: 200, body: {} } }, null);
    await http.get('/x');
    expect((calls[0].init.headers as Record<string, string>)['x-api-token']).toBeUndefined();
  });
});

describe('HTTP client error catalogue (spec §8)', () => {
  const cases: Array<[number, unknown, string, number]> = [
    [400, { message: 'Поле «ИНН» заполнено неверно' }, 'Поле «ИНН» заполнено неверно', TOAST_DURATION_SEC.error],
    [403, { message: 'Раздел доступен только администраторам' }, 'Раздел доступен только администраторам', 15],
    [403, {}, 'Нет доступа к данному ресурсу', 15],
    [404, { message: 'whatever' }, 'Запрашиваемый ресурс не найден', 5],
    [429, { message: 'Слишком много запросов' }, 'Слишком много запросов', 5],
    [429, null, 'Слишком много запросов', 5],
    [500, { message: 'stack trace' }, 'Системная ошибка. Обратитесь к администратору', 5],
  ];
  it.each(cases)('status %i shows the right toast', async (status, body, text, duration) => {
    const { http, shown } = setup({ '/api/v2/y': { status, body } });
    const err = (await http.get('/api/v2/y').catch((e) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(status);
    expect(shown).toEqual([{ type: 'error', body: text, durationSec: duration }]);
  });

  it('any non-200 answer is a failure (201 too)', async () => {
    const { http } = setup({ '/z': { status: 201, body: {} } });
    await expect(http.get('/z')).rejects.toBeInstanceOf(HttpError);
  });

  it('silent calls fail without a toast', async () => {
    const { http, shown } = setup({ '/y': { status: 500, body: {} } });
    await expect(http.get('/y', { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual([]);
  });

  it('401 remembers the current path, shows «Вы не авторизованы» and logs out', async () => {
    window.history.replaceState(null, '', '/app/contracts?status=draft');
    const { http, shown, onUnauthorized } = setup({ '/y': { status: 401, body: { message: 'no' } } });
    await expect(http.get('/y')).rejects.toBeInstanceOf(HttpError);
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/contracts?status=draft');
    expect(shown).toEqual([{ type: 'error', body: ERROR_TEXTS.unauthorized, durationSec: 5 }]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a silent call that gets 401 still tells the user the session ended', async () => {
    const { http, shown, onUnauthorized } = setup({ '/api/v2/auth/get-user': { status: 401 } });
    await expect(http.get('/api/v2/auth/get-user', { silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(shown.map((t) => t.body)).toEqual(['Вы не авторизованы']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 on the login screen does not remember /login', async () => {
    window.history.replaceState(null, '', '/app/login');
    const { http } = setup({ '/y': { status: 401 } });
    await http.get('/y').catch(() => undefined);
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it('gives up after 30 s with a timeout toast', async () => {
    jest.useFakeTimers();
    try {
      const hanging = (_url: string, init: RequestInit) =>
        new Promise<never>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      const { http, shown } = setup({ '/slow': hanging });
      const p = http.get('/slow').catch((e) => e as HttpError);
      jest.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
      expect(shown).toEqual([]);
      jest.advanceTimersByTime(1);
      const err = (await p) as HttpError;
      expect(err).toBeInstanceOf(HttpError);
      expect(err.timedOut).toBe(true);
      expect(shown[0].body).toBe(ERROR_TEXTS.timeout);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a network failure shows the no-connection toast', async () => {
    const { http, shown } = setup({ '/down': new TypeError('Failed to fetch') });
    await expect(http.get('/down')).rejects.toMatchObject({ status: 0 });
    expect(shown[0].body).toBe(ERROR_TEXTS.network);
  });
});
