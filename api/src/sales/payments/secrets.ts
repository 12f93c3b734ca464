import { ConfigError } from '../../platform/config.js';

/**
 * Each insurer signs its payment callbacks with its own secret: PAYMENT_SECRET_<CODE> (e.g.
 * PAYMENT_SECRET_INGOS). Outside demo mode every insurer the api takes payments from must have one, at
 * least MIN_PAYMENT_SECRET_LENGTH characters and not the demo's; in demo mode an unset one is the demo
 * insurer's built-in secret (public: it is in this file), so demo mode must never face real money.
 */
export const MIN_PAYMENT_SECRET_LENGTH = 32;

export const paymentSecretVariable = (code: string) => `PAYMENT_SECRET_${code.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** The demo insurer's built-in secret (demo mode only). */
export const demoPaymentSecret = (code: string) => `oyster-demo-payment-secret-${code}`;

/** The secrets given in the environment, by insurer code (unset or empty ones left out). */
export function paymentSecretsFromEnv(codes: readonly string[], env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (env.PAYMENT_WEBHOOK_SECRET) {
    throw new ConfigError(`PAYMENT_WEBHOOK_SECRET is no longer read: each insurer has its own secret — set ${codes.map(paymentSecretVariable).join(', ')}`);
  }
  const out: Record<string, string> = {};
  for (const code of codes) {
    const v = env[paymentSecretVariable(code)];
    if (v) out[code] = v;
  }
  return out;
}

/**
 * Every insurer's secret, or a ConfigError naming each variable that is missing or too weak. Demo mode
 * fills the missing ones with the demo secrets.
 */
export function resolvePaymentSecrets(codes: readonly string[], given: Readonly<Record<string, string>>, demoMode: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const problems: string[] = [];
  for (const code of codes) {
    const secret = given[code];
    if (demoMode) {
      out[code] = secret || demoPaymentSecret(code);
      continue;
    }
    const name = paymentSecretVariable(code);
    if (!secret) problems.push(`${name} is not set`);
    else if (secret === demoPaymentSecret(code)) problems.push(`${name} is the public demo secret`);
    else if (secret.length < MIN_PAYMENT_SECRET_LENGTH) problems.push(`${name} is shorter than ${MIN_PAYMENT_SECRET_LENGTH} characters`);
    else out[code] = secret;
  }
  if (problems.length) {
    throw new ConfigError(
      `Payment callbacks cannot be verified: ${problems.join('; ')}. Set one secret per insurer (see docs/settings.md, «Demo mode and secrets»), or DEMO_MODE=1 for a demo that takes no real money.`,
    );
  }
  return out;
}
