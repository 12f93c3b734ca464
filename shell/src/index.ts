import { APP_BASENAME, readStorage, STORAGE_KEYS } from './services/storage';
import { holdPrerenderedSubmits } from './login/hold-submits';

// Async boundary: shared modules (react, the kit, ...) are ready only after it.
// The login page of a visitor without a session starts on its own small chunk (login/boot.tsx);
// everything else starts the whole app (bootstrap.tsx).
const onLogin = new RegExp(`^${APP_BASENAME}/login/?$`).test(window.location.pathname);
const signedIn = !!readStorage(STORAGE_KEYS.token) || readStorage(STORAGE_KEYS.loggedIn) === '1';

if (onLogin && !signedIn) {
  // The page may be the prerendered login (dist/login.html): a submit before its live form exists is held.
  holdPrerenderedSubmits();
  void import(/* webpackChunkName: "login-boot" */ './login/boot').then((m) => m.start());
} else void import(/* webpackChunkName: "app" */ './bootstrap').then((m) => m.start());
