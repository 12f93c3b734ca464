import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { fileNameFor } from './files';

export { DEMO_PASSWORD };

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; cookie?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['x-api-token'] = opts.token;
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] = 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Signs in by email (for the accounts that are not among the eleven, or a wrong password). */
export async function login(url: string, email: string, password = DEMO_PASSWORD, rememberMe = false) {
  const res = await call(url, 'POST', '/api/v2/auth/login/', { body: { email, password, rememberMe } });
  if (!res.body?.token) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Signs in as one of the demo accounts (shared-kit DEMO_ACCOUNTS) and answers the token. */
export const signIn = (url: string, key: DemoAccountKey) => login(url, DEMO_ACCOUNTS[key].email);

/** Tokens of several demo accounts by key. */
export async function signInAll<K extends DemoAccountKey>(url: string, keys: readonly K[]): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const key of keys) tokens[key] = await signIn(url, key);
  return tokens;
}

/** Uploads one file as multipart field `file` (or another field) to /api/v2/uploads?kind=…, named by its content unless told. */
export async function uploadFile(
  url: string,
  token: string | undefined,
  kind: string,
  data: Buffer,
  opts: { field?: string; filename?: string; type?: string } = {},
): Promise<Res> {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([new Uint8Array(data)], { type: opts.type ?? 'application/octet-stream' }), opts.filename ?? fileNameFor(data));
  const res = await fetch(`${url}/api/v2/uploads?kind=${kind}`, { method: 'POST', body: form, headers: token ? { 'x-api-token': token } : {} });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

/** POSTs a multipart form (files and fields) as `token`'s user. */
export async function postForm(url: string, token: string | undefined, path: string, form: FormData): Promise<Res> {
  const res = await fetch(`${url}${path}`, { method: 'POST', body: form, headers: token ? { 'x-api-token': token } : {} });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}
