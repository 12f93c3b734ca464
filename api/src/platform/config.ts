/**
 * Settings read once at start. A setting that makes the api unsafe to run (a missing secret outside demo
 * mode) stops the start with a ConfigError saying which variable to set — never a silent fallback.
 */
export class ConfigError extends Error {}

/**
 * DEMO_MODE (1/true): the demo conveniences that must never face real money — the demo insurers'
 * built-in payment secrets and their payment page `/pay/{token}`. Off unless asked for; `npm start` asks.
 */
export function demoModeFrom(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.DEMO_MODE ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw new ConfigError(`DEMO_MODE must be 1 or 0 (got «${env.DEMO_MODE}»)`);
}
