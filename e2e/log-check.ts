import { existsSync, readFileSync } from 'node:fs';
import { DEMO_PASSWORD } from '@oyster/shared-kit/domain';

/**
 * After the run (playwright.config.ts globalTeardown): the e2e server's whole log (E2E_LOG_FILE, its
 * stdout and stderr) must hold no demo password, no session token any test had (fixtures.ts writes each
 * test's session cookie to E2E_TOKENS_FILE) and no passport of the demo data (series 45xx–49xx and a
 * six-digit number, as the calculators and the seed write them; or a passport object not blanked by the
 * log's redaction). Fails naming what leaked and the first line it is on.
 */
export const LOG_FILE = (port: number) => process.env.E2E_LOG_FILE ?? `/tmp/oyster-e2e-${port}.log`;
export const TOKENS_FILE = (port: number) => process.env.E2E_TOKENS_FILE ?? `/tmp/oyster-e2e-${port}.tokens`;

const PASSPORT = [/\b4[5-9]\d{2}[ -]?\d{6}\b/, /"passport"\s*:\s*\{/, /"series"\s*:\s*"\d{4}"/];

export function leaks(log: string, tokens: readonly string[]): string[] {
  const found: string[] = [];
  const lineOf = (i: number) => log.slice(log.lastIndexOf('\n', i) + 1, log.indexOf('\n', i) < 0 ? undefined : log.indexOf('\n', i)).slice(0, 300);
  const at = (what: string, i: number) => found.push(`${what} — in «${lineOf(i)}»`);
  const pw = log.indexOf(DEMO_PASSWORD);
  if (pw >= 0) at('the demo password', pw);
  for (const t of new Set(tokens)) {
    const i = log.indexOf(t);
    if (t.length >= 16 && i >= 0) at(`a session token (${t.slice(0, 6)}…)`, i);
  }
  for (const re of PASSPORT) {
    const m = re.exec(log);
    if (m) at(`a passport (${re})`, m.index);
  }
  return found;
}

export default async function logCheck(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 8181);
  const file = LOG_FILE(port);
  if (!existsSync(file)) throw new Error(`the e2e server's log ${file} is missing: nothing to check`);
  const log = readFileSync(file, 'utf8');
  const tokens = existsSync(TOKENS_FILE(port)) ? readFileSync(TOKENS_FILE(port), 'utf8').split('\n').filter(Boolean) : [];
  if (!log.includes('"msg":"request"')) throw new Error(`the e2e server's log ${file} has no request line: is it written?`);
  const found = leaks(log, tokens);
  if (found.length) throw new Error(`the e2e server's log (${file}) leaks:\n- ${found.join('\n- ')}`);
  console.log(`log check: ${file} (${log.split('\n').length} lines) holds no password, none of ${new Set(tokens).size} session tokens, no passport`);
}
