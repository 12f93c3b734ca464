import { REMOTE_NAMES, defaultRemoteEntry } from '@oyster/shared-kit/domain';

/**
 * Which web origins are ours: the origin the request itself was sent to (the shell, the api and the
 * default remotes share one host), every remote served from another origin (REMOTE_URL_<NAME>), and
 * the extra origins a deployment lists (ALLOWED_ORIGINS, comma separated). The CSRF check of
 * cookie-authenticated writes, the socket handshake and the Content-Security-Policy all ask this.
 */

/** Where each remote is loaded from: REMOTE_URL_<NAME> overrides the registry's default entry. */
export function remoteEntries(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of REMOTE_NAMES) out[name] = env[`REMOTE_URL_${name.toUpperCase()}`] || defaultRemoteEntry(name);
  return out;
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Origins the remotes are loaded from other than our own (REMOTE_URL_<NAME> on another host). */
export function remoteOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...new Set(Object.values(remoteEntries(env)).map(originOf).filter((o): o is string => !!o))];
}

/** Origins other than the request's own: remotes on other hosts and ALLOWED_ORIGINS. */
export function configuredOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [...new Set([...listed.map(originOf), ...remoteOrigins(env)].filter((o): o is string => !!o))];
}

/**
 * True when `origin` (an Origin header) is the request's own origin — same host as the Host header,
 * over http or https — or one of `allowed`. A missing or malformed origin is not ours.
 */
export function isOwnOrigin(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return false;
  const o = originOf(origin);
  if (!o) return false;
  if (host && (o === `http://${host}` || o === `https://${host}`)) return true;
  return allowed.includes(o);
}
