import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { EventBus, HttpError, type HttpClient } from '@oyster/shared-kit/runtime';
import { SessionService } from './session';
import { STORAGE_KEYS } from './storage';

function signedInStorage() {
  localStorage.setItem(STORAGE_KEYS.token, 'tok');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(DEMO_USERS.agent));
  localStorage.setItem(STORAGE_KEYS.loggedIn, '1');
}

function session(getUser: () => Promise<unknown>) {
  const http = { get: jest.fn(getUser), post: jest.fn(async () => ({})) } as unknown as HttpClient;
  return new SessionService({ bus: new EventBus(), http: () => http });
}

describe('restoring the session on start', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the stored session when get-user does not answer (a network failure, a page being left)', async () => {
    signedInStorage();
    const s = session(() => Promise.reject(new HttpError(0, 'Нет связи с сервером')));
    await s.restore();
    expect(s.user?._id).toBe(DEMO_USERS.agent._id);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('keeps it when the answer has no `user` at all (an empty body is not the server saying «signed out»)', async () => {
    signedInStorage();
    const s = session(async () => null);
    await s.restore();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(s.isSignedIn).toBe(true);
  });

  it('ends it when the server says there is no user', async () => {
    signedInStorage();
    const s = session(async () => ({ user: null }));
    await s.restore();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(s.user).toBeNull();
  });
});
