import { BehaviorSubject } from 'rxjs';
import { makeUser, type SessionUser } from '@oyster/shared-kit/domain';
import { EventBus, HttpError, type HttpClient, type RequestOptions, type Runtime } from '@oyster/shared-kit/runtime';
import { notification } from '@oyster/shared-kit/ui/base';

/** A fetch-based HTTP client to the api (the dev server proxies /api to :8080). */
function makeHttp(): HttpClient {
  const call = async <T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> => {
    const isForm = body instanceof FormData;
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: options.signal,
      headers: { ...(isForm ? {} : { 'Content-Type': 'application/json' }), ...(options.headers ?? {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const data = text ? (JSON.parse(text) as unknown) : null;
    if (res.status !== 200) {
      const message = (data as { message?: string } | null)?.message ?? `Ошибка ${res.status}`;
      if (!options.silent) notification.error({ message });
      throw new HttpError(res.status, message, data);
    }
    return data as T;
  };
  return {
    get: (p, o) => call('GET', p, undefined, o),
    post: (p, b, o) => call('POST', p, b, o),
    patch: (p, b, o) => call('PATCH', p, b, o),
    put: (p, b, o) => call('PUT', p, b, o),
    delete: (p, o) => call('DELETE', p, undefined, o),
    upload: (p, f, o) => call('POST', p, f, o),
  };
}

export function makeHarnessRuntime(user: SessionUser = makeUser({ email: 'agent@oyster.test' })): Runtime {
  const session$ = new BehaviorSubject<SessionUser | null>(user);
  const bus = new EventBus();
  bus.toServer$.subscribe((m) => console.info('[harness] → server', m.name, m.payload));
  return {
    session$,
    http: makeHttp(),
    bus,
    toasts: {
      show(o) {
        console.info('[harness] toast', o);
        notification.open({ type: o.type, message: o.title ?? o.body, description: o.title ? o.body : undefined, duration: o.durationSec });
      },
    },
    logout() {
      console.info('[harness] logout');
      session$.next(null);
    },
  };
}
