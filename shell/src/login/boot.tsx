/**
 * The login page's first paint: React, the login form and the antd pieces it shows — no router,
 * bus, socket, formik, yup or Module Federation (they come with the app, bootstrap.tsx). After a
 * successful sign-in the session is stored the way SessionService keeps it, the address becomes
 * the remembered path (or home) and the app starts in the same page.
 */
import * as React from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { LoginAnswer, LoginValues } from '@oyster/shared-kit/domain/login';
import type { SessionUser } from '@oyster/shared-kit/domain/platform';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { LoginForm, type LoginFormProps } from './LoginForm';
import { PRERENDERED } from './hold-submits';
import { finishTakeOver, readPrerendered } from './takeover';
import { APP_BASENAME, STORAGE_KEYS, tabSessionId, takeRememberedPath, writeStorage } from '../services/storage';

const loadApp = () => import(/* webpackChunkName: "app" */ '../bootstrap');

async function call<T>(path: string, init: RequestInit): Promise<T> {
  const res = await fetch(path, {
    credentials: 'include',
    ...init,
    headers: { Accept: 'application/json', 'x-session-id': tabSessionId(), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok) {
    // The api's refusal (a 400 naming the field, 429 «Слишком много…») is the user's message here.
    return { error: true, message: body?.message ?? null, type: null } as T;
  }
  return body as T;
}

const signIn = (values: LoginValues) => call<LoginAnswer<SessionUser>>('/api/v2/auth/login/', { method: 'POST', body: JSON.stringify(values) });
const legacyLoginUrl = () => call<{ legacyLoginUrl?: string | null }>('/api/v2/config', { method: 'GET' }).then((cfg) => cfg?.legacyLoginUrl || null);

export function start(): void {
  const container = document.getElementById('root')!;
  // The prerendered form (dist/login.html) is hydrated: the nodes the user sees stay and become the live form.
  const prerendered = container.querySelector<HTMLElement>(PRERENDERED);
  let root: Root | null = null;
  const search = window.location.search;
  const legacyBypass = new URLSearchParams(search).get('legacy') === 'true';

  const onSignedIn = (user: SessionUser, token: string | null) => {
    // The same three keys SessionService.acceptLogin writes; the app reads them at start.
    writeStorage(STORAGE_KEYS.token, token);
    writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
    writeStorage(STORAGE_KEYS.loggedIn, '1');
    const path = takeRememberedPath() ?? '/';
    window.history.replaceState(null, '', `${APP_BASENAME}${path}`);
    void loadApp().then((app) => {
      root?.unmount();
      app.start();
    });
  };

  const form = (takeOver?: LoginFormProps['takeOver']) => (
    <React.StrictMode>
      {/* Rendered with motion at build time (prerender.tsx): keep it, or hydrating would remount the form. */}
      <OysterProvider followReducedMotion={false}>
        <LoginForm
          signIn={signIn}
          legacyLoginUrl={legacyLoginUrl}
          legacyBypass={legacyBypass}
          search={search}
          onSignedIn={onSignedIn}
          // Typing an email takes a second or two: the app's code comes down meanwhile.
          onFirstInput={() => void loadApp()}
          takeOver={takeOver}
        />
      </OysterProvider>
    </React.StrictMode>
  );
  if (!prerendered) {
    root = createRoot(container);
    root.render(form());
    return;
  }
  // The tree is prerender.tsx's (the form, empty): React adopts the nodes; what was typed into them
  // meanwhile is read once they are React's, and a held submit made again after that.
  root = hydrateRoot(
    prerendered,
    form({
      read: () => readPrerendered(prerendered)?.values ?? null,
      done: () => {
        const state = readPrerendered(prerendered);
        if (!state) return;
        finishTakeOver(state);
        if (state.values.email || state.values.password) void loadApp();
        if (state.submitHeld) prerendered.querySelector('form')?.requestSubmit();
      },
    }),
  );
}
