/**
 * Build time only (shell/prerender.mjs): the login page as its first paint shows it — the form of
 * login/boot.tsx, empty, legacy check already made by the server — rendered to HTML with its antd
 * CSS, for dist/login.html. The browser replaces it with the live form as soon as boot.tsx runs.
 */
import * as React from 'react';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { renderStatic } from '@oyster/shared-kit/ui/static-render';
import { LoginForm } from './LoginForm';

const never = () => new Promise<never>(() => undefined);

export function renderLogin(): { html: string; css: string } {
  return renderStatic(
    <OysterProvider>
      <LoginForm signIn={never} legacyLoginUrl={never} legacyBypass search="" onSignedIn={() => undefined} />
    </OysterProvider>,
  );
}
