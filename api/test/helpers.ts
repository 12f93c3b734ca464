import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as ioClient, type Socket } from 'socket.io-client';
import { createApp, type AppOptions, type OysterApp } from '../src/app';
import { DEMO_PASSWORD } from '../src/seed';

/** PGlite always; real PostgreSQL too when DATABASE_URL is set. */
export const BACKENDS: { name: string; databaseUrl?: string }[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', databaseUrl: process.env.DATABASE_URL }] : []),
];
export const REDIS_URL = process.env.REDIS_URL || undefined;
export { DEMO_PASSWORD };

export interface Running {
  oyster: OysterApp;
  url: string;
  stop(): Promise<void>;
}

/** A fresh app on a random port; on PostgreSQL in a fresh schema dropped afterwards. */
export async function start(backend: { databaseUrl?: string }, extra: AppOptions = {}): Promise<Running & { schema?: string }> {
  const schema = backend.databaseUrl ? `test_${Date.now()}_${randomBytes(3).toString('hex')}` : undefined;
  const oyster = await createApp({
    databaseUrl: backend.databaseUrl,
    databaseSchema: schema,
    dataDir: 'memory://',
    redisUrl: REDIS_URL,
    seedDemo: true,
    staticRoot: mkdtempSync(join(tmpdir(), 'oyster-static-')),
    loginRateLimit: { max: 1000, windowMs: 60_000 },
    rateLimitNamespace: `test-${randomBytes(4).toString('hex')}`,
    ...extra,
  });
  const url = await listen(oyster);
  return {
    oyster,
    url,
    schema,
    async stop() {
      await oyster.close();
      if (schema && backend.databaseUrl) await dropSchema(backend.databaseUrl, schema);
    },
  };
}

export async function listen(oyster: OysterApp): Promise<string> {
  await oyster.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = oyster.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return `http://127.0.0.1:${addr.port}`;
}

export async function dropSchema(databaseUrl: string, schema: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  url: string,
  method: string,
  path: string,
  opts: { token?: string; cookie?: string; body?: unknown; rawBody?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = {};
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

export async function login(url: string, email: string, password = DEMO_PASSWORD, rememberMe = false) {
  const res = await call(url, 'POST', '/api/v2/auth/login/', { body: { email, password, rememberMe } });
  if (!res.body?.token) throw new Error(`login ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export function connectSocket(url: string, token?: string): Socket {
  return ioClient(url, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

export function once<T = any>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(t);
      resolve(payload);
    });
  });
}

export async function connected(socket: Socket): Promise<void> {
  if (socket.connected) return;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
}
