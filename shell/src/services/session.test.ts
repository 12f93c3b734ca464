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

describe('a session_update racing the connect’s get-user', () => {
  beforeEach(() => localStorage.clear());

  it('an answer asked before the event does not undo it (an admin’s grant while the socket connected)', async () => {
    signedInStorage();
    let answer!: (v: unknown) => void;
    const s = session(() => new Promise((r) => (answer = r)));
    const restoring = s.restore();
    const granted = { ...DEMO_USERS.agent, fullNameShort: 'Права расширены' };
    s.replaceUser(granted);
    answer({ user: DEMO_USERS.agent });
    await restoring;
    expect(s.user?.fullNameShort).toBe('Права расширены');
  });

  it('of two reads, the later-asked answer stays even when the earlier one comes last', async () => {
    signedInStorage();
    const answers: Array<(v: unknown) => void> = [];
    const s = session(() => new Promise((r) => answers.push(r)));
    const first = s.restore();
    const second = s.restore();
    answers[1]({ user: { ...DEMO_USERS.agent, fullNameShort: 'Новее' } });
    await second;
    answers[0]({ user: { ...DEMO_USERS.agent, fullNameShort: 'Старее' } });
    await first;
    expect(s.user?.fullNameShort).toBe('Новее');
  });
});

