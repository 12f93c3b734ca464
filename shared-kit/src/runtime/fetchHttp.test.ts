import { createFetchHttpClient, HttpError, type HttpFailure } from './index';

function answer(status: number, body?: unknown) {
  return { status, text: async () => (body === undefined ? '' : JSON.stringify(body)) } as unknown as Response;
}

describe('the fetch client core (shell and harness)', () => {
  it('sends JSON with the token and extra headers, and returns the parsed body of a 200', async () => {
    const fetchImpl = jest.fn(async () => answer(200, { ok: 1 }));
    const http = createFetchHttpClient({ getToken: () => 'tok', headers: { 'x-session-id': 's' }, fetchImpl, onFailure: () => new Error('no') });
    await expect(http.post('/api/v2/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/x');
    expect(init.headers).toMatchObject({ 'x-api-token': 'tok', 'x-session-id': 's', 'Content-Type': 'application/json' });
    expect(init.credentials).toBe('include');
  });

  it('hands a non-200 to onFailure with the server message and rejects with what it returns', async () => {
    const failures: HttpFailure[] = [];
    const http = createFetchHttpClient({
      getToken: () => null,
      fetchImpl: async () => answer(400, { message: 'Поле «ИНН» заполнено неверно' }),
      onFailure: (f) => {
        failures.push(f);
        return new HttpError(f.status, f.serverMessage ?? '', f.body);
      },
    });
    await expect(http.get('/y')).rejects.toMatchObject({ status: 400, message: 'Поле «ИНН» заполнено неверно' });
    expect(failures).toEqual([{ status: 400, body: { message: 'Поле «ИНН» заполнено неверно' }, serverMessage: 'Поле «ИНН» заполнено неверно', timedOut: false }]);
  });

  it('a 200 whose body is cut off (the page being left) is a network failure, never an empty answer', async () => {
    const failures: HttpFailure[] = [];
    const http = createFetchHttpClient({
      getToken: () => 'tok',
      fetchImpl: async () => ({ status: 200, text: async () => Promise.reject(new Error('The operation was aborted')) }) as unknown as Response,
      onFailure: (f) => {
        failures.push(f);
        return new HttpError(f.status, 'Нет связи с сервером', f.body);
      },
    });
    await expect(http.get('/api/v2/auth/get-user')).rejects.toMatchObject({ status: 0 });
    expect(failures).toEqual([{ status: 0, body: null, serverMessage: null, timedOut: false }]);
  });

  it('a call the caller cancels rejects as it was, without onFailure', async () => {
    const onFailure = jest.fn(() => new Error('no'));
    const http = createFetchHttpClient({
      getToken: () => null,
      fetchImpl: (_url, init) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      onFailure,
    });
    const ctrl = new AbortController();
    const p = http.get('/slow', { signal: ctrl.signal });
    ctrl.abort();
    await expect(p).rejects.toThrow('aborted');
    expect(onFailure).not.toHaveBeenCalled();
  });
});
