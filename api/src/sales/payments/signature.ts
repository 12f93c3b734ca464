import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How an insurer signs a payment callback — the one rule both the demo acquirer and the callback route use.
 *
 * `X-Oyster-Signature: t=<unix seconds>,v1=<hex>` where v1 is HMAC-SHA256 under the insurer's own secret
 * of `<t>.<insurer code>.<raw body>`:
 * - each insurer has its own secret, and its code is signed too, so one insurer's key (or a leaked one)
 *   cannot sign another's callbacks;
 * - the time is signed, and each delivery is signed when it is sent: a captured callback stops being
 *   accepted after the tolerance, on top of the paymentId idempotency that stops it inside it.
 */
export const SIGNATURE_HEADER = 'x-oyster-signature';
/** How far a delivery's signed time may be from ours, either way (clock skew and transit). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const mac = (secret: string, companyCode: string, timestamp: number, raw: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${companyCode}.${raw}`, 'utf8').digest('hex');

/** The header value for a delivery of `raw` by `companyCode` at `at`. */
export function signCallback(secret: string, companyCode: string, raw: string, at: Date = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${mac(secret, companyCode, t, raw)}`;
}

export type SignatureVerdict = 'ok' | 'forged' | 'stale';

/**
 * The header against the insurer's secret: 'forged' when it is missing, malformed or does not match (or
 * the insurer has no secret); 'stale' when it matches but was signed outside the tolerance.
 */
export function verifyCallback(secret: string | undefined, companyCode: string, raw: string, header: unknown, now: Date = new Date()): SignatureVerdict {
  if (!secret || typeof header !== 'string') return 'forged';
  const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim());
  if (!m) return 'forged';
  const t = Number(m[1]);
  const want = Buffer.from(mac(secret, companyCode, t, raw), 'hex');
  const got = Buffer.from(m[2], 'hex');
  if (!timingSafeEqual(want, got)) return 'forged';
  return Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'ok';
}
