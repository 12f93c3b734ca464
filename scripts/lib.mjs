// Helpers shared by start/build/test: they make a fresh machine with only Node.js and npm work.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.8';

export function log(msg) {
  process.stdout.write(`[oyster] ${msg}\n`);
}

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((res) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
    child.on('exit', (code, signal) => res(code ?? (signal ? 1 : 0)));
    child.on('error', (e) => {
      log(`${cmd}: ${e.message}`);
      res(127);
    });
  });
}

export async function runOrDie(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) {
    log(`failed: ${cmd} ${args.join(' ')} (exit ${code})`);
    process.exit(code);
  }
}

/** pnpm 10 from PATH, or fetched through npx (npm registry only) when missing or another major. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim().startsWith('10.')) return { cmd: 'pnpm', pre: [] };
  return { cmd: 'npx', pre: ['--yes', `pnpm@${PNPM_VERSION}`] };
}

export async function pnpm(args, opts) {
  const { cmd, pre } = pnpmCommand();
  return run(cmd, [...pre, ...args], opts);
}

/** Installs the workspace's packages when they are missing or the lockfile changed. */
export async function ensureInstalled() {
  const stamp = join(ROOT, 'node_modules', '.oyster-install-stamp');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  const fresh = existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs && existsSync(join(ROOT, 'e2e', 'node_modules'));
  if (fresh) return;
  log('installing packages (pnpm install --frozen-lockfile)…');
  const code = await pnpm(['install', '--frozen-lockfile'], { env: { CI: 'true' } });
  if (code !== 0) {
    log('pnpm install failed');
    process.exit(code);
  }
  writeFileSync(stamp, new Date().toISOString());
}

/** Newest modification time of any file under the given paths (skipping build output). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      const base = p.split('/').pop();
      if (base === 'node_modules' || base === 'dist' || base.startsWith('.')) return;
      for (const f of readdirSync(p)) walk(join(p, f));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  paths.forEach((p) => walk(p));
  return newest;
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function ensureDir(p) {
  mkdirSync(p, { recursive: true });
  return p;
}

/** True when something listens on host:port (used to find the machine's PostgreSQL and Redis). */
export function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((res) => {
    const s = net.connect({ port, host });
    const done = (ok) => {
      s.destroy();
      res(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

export function freePort() {
  return new Promise((res, rej) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
    srv.on('error', rej);
  });
}
