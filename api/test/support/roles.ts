import { DEMO_ACCOUNT_KEYS, ERROR_TEXTS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import type { Res } from './http';

/** The body of every 403. */
export const FORBIDDEN = { message: ERROR_TEXTS.forbidden };

/** Asserts 403 «Нет доступа к данному ресурсу» for each account (the call is made once per key). */
export async function expectForbidden<K extends DemoAccountKey>(keys: readonly K[], request: (key: K) => Promise<Res>) {
  for (const key of keys) {
    const { status, body } = await request(key);
    expect({ key, status, body }).toEqual({ key, status: 403, body: FORBIDDEN });
  }
}

/**
 * The role matrix of one route: 200 for the allowed accounts, 403 «Нет доступа к данному ресурсу»
 * for every other demo account (all eleven by default). Answers the allowed accounts' responses.
 */
export async function expectOnly<K extends DemoAccountKey>(
  allowed: readonly K[],
  request: (key: DemoAccountKey) => Promise<Res>,
  among: readonly DemoAccountKey[] = DEMO_ACCOUNT_KEYS,
): Promise<Record<K, Res>> {
  const answers = {} as Record<K, Res>;
  for (const key of among) {
    const res = await request(key);
    if ((allowed as readonly DemoAccountKey[]).includes(key)) {
      expect({ key, status: res.status }).toEqual({ key, status: 200 });
      answers[key as K] = res;
    } else {
      expect({ key, status: res.status, body: res.body }).toEqual({ key, status: 403, body: FORBIDDEN });
    }
  }
  return answers;
}
