import * as React from 'react';
import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { getRuntime, type RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { useSessionUser } from '@oyster/shared-kit/ui/screens';
import { act } from '@testing-library/react';
import { currentLocation, DEMO_USERS, fakeHttp, httpError, renderSection, renderWidget, setTestRuntime } from './index';

describe('fakeHttp', () => {
  it('answers by "METHOD path" (a key without a query answers any query), records every call, refuses the unknown', async () => {
    const http = fakeHttp({
      'GET /api/v2/media-library': { data: { items: [] } },
      'POST /api/v2/posts/news/list': (body) => ({ echo: body }),
      'DELETE /api/v2/banners/1': () => {
        throw httpError(403, { message: 'Нет доступа к данному ресурсу' });
      },
    });
    await expect(http.get('/api/v2/media-library?type=video')).resolves.toEqual({ data: { items: [] } });
    await expect(http.post('/api/v2/posts/news/list', { page: 2 }, { silent: true })).resolves.toEqual({ echo: { page: 2 } });
    await expect(http.delete('/api/v2/banners/1')).rejects.toMatchObject({ status: 403, body: { message: 'Нет доступа к данному ресурсу' } });
    await expect(http.get('/api/v2/nowhere')).rejects.toThrow('fakeHttp: no answer for GET /api/v2/nowhere');
    expect(http.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v2/media-library?type=video',
      'POST /api/v2/posts/news/list',
      'DELETE /api/v2/banners/1',
      'GET /api/v2/nowhere',
    ]);
    expect(http.calls[1]).toMatchObject({ body: { page: 2 }, options: { silent: true } });
  });
});

describe('setTestRuntime', () => {
  it('sets a runtime with a real bus, a session, recorded toasts and an init-state', async () => {
    const { bus, session$, toasts, logouts } = setTestRuntime(fakeHttp({}), DEMO_USERS.copywriter);
    const runtime = getRuntime();
    expect(runtime.session$.value).toBe(DEMO_USERS.copywriter);
    const seen: unknown[] = [];
    runtime.bus.on('session_update').subscribe((u) => seen.push(u));
    bus.publish('session_update', DEMO_USERS.admin);
    expect(seen).toEqual([DEMO_USERS.admin]);
    runtime.toasts.show({ type: 'success', body: 'Сохранено' });
    expect(toasts).toEqual([{ type: 'success', body: 'Сохранено' }]);
    runtime.logout();
    expect(logouts()).toBe(1);
    expect(session$).toBe(runtime.session$);
    const init = (runtime as unknown as { initState(): Promise<Record<string, unknown[]>> }).initState;
    await expect(init()).resolves.toEqual({ companies: [], products: [], networkList: [], mages: [], curators: [] });
  });

  it('takes the init-state a test gives', async () => {
    const initState = { companies: [{ _id: 'c1', shortName: 'Ингосстрах' }], products: [], networkList: [], mages: [], curators: [] };
    setTestRuntime(fakeHttp({}), null, { initState });
    const runtime = getRuntime() as unknown as { initState(): Promise<unknown>; session$: { value: unknown } };
    expect(runtime.session$.value).toBeNull();
    await expect(runtime.initState()).resolves.toBe(initState);
  });
});

function Who() {
  const user = useSessionUser();
  return <p>{user ? user.email : 'никто'}</p>;
}

function FakeRoutes({ section }: RemoteRoutesProps) {
  return (
    <Routes>
      <Route index element={<h1>Раздел {section}</h1>} />
      <Route
        path="item"
        element={
          <>
            <Who />
            <Link to={`/${section}`}>К разделу</Link>
          </>
        }
      />
    </Routes>
  );
}

describe('renderSection and renderWidget', () => {
  it('mount a remote at its section as the shell does, with the user and a probe of the location', async () => {
    const { toasts, bus } = await renderSection(FakeRoutes, '/news/item?x=1', { http: fakeHttp({}), user: DEMO_USERS.copywriter });
    expect(screen.getByText(DEMO_USERS.copywriter.email)).toBeInTheDocument();
    expect(currentLocation()).toBe('/news/item?x=1');
    await act(async () => screen.getByRole('link', { name: 'К разделу' }).click());
    expect(screen.getByRole('heading', { name: 'Раздел news' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/news');
    expect(toasts).toEqual([]);
    expect(bus).toBe(getRuntime().bus);
  });

  it('render a widget inside the router, for the demo agent by default', () => {
    renderWidget(<Who />, { http: fakeHttp({}) });
    expect(screen.getByText(DEMO_USERS.agent.email)).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });
});
