import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTRACT_STATUS as S, formatDate, formatMoney, formatMoscowDateTime } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { parseJsonBody, yup } from '../../platform/validation.js';
import { expirePaymentLink, move, release, type FlowDeps } from '../contracts/flow.js';

/**
 * Payment of a contract.
 * - `GET /pay/:token`: the demo insurer's payment page the client opens from the agent's link (served
 *   by the product: the demo insurers live in-process). «Оплатить» (`POST /pay/:token`) is the
 *   insurer taking the money: it then calls the product back like a real acquirer would.
 * - `POST /api/v2/payments/callback/:companyCode`: that callback. Its raw body is signed with
 *   HMAC-SHA256 under PAYMENT_WEBHOOK_SECRET (header `X-Oyster-Signature: sha256=<hex>`). A forged
 *   callback is refused (401); a repeated one (same paymentId) changes nothing (200, «duplicate»);
 *   a wrong amount or a contract no longer waiting for payment is a 409. Every callback is kept in
 *   payment_callbacks with what became of it.
 */
export const SIGNATURE_HEADER = 'x-oyster-signature';
export const DEV_WEBHOOK_SECRET = 'oyster-demo-webhook-secret';

export function signPayload(secret: string, raw: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw, 'utf8').digest('hex')}`;
}

function signatureOk(secret: string, raw: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const want = Buffer.from(signPayload(secret, raw));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}

export const PAYMENT_TEXTS = {
  forged: 'Подпись уведомления об оплате неверна',
  unknown: 'Платёж не относится ни к одному договору',
  notWaiting: 'Договор не ожидает оплаты',
  amount: 'Сумма платежа не совпадает со страховой премией договора',
  applied: 'Оплата принята',
  duplicate: 'Это уведомление уже обработано',
  expired: 'Срок ссылки на оплату истёк: договор не оплачен, деньги нужно вернуть',
} as const;

const callbackSchema = yup.object({
  paymentId: yup.string().trim().matches(/^[A-Za-z0-9_-]{8,64}$/, 'Поле «paymentId»: 8–64 латинских букв, цифр, «_» или «-»').required().label('paymentId'),
  paymentToken: yup.string().trim().max(64).required().label('paymentToken'),
  amount: yup.number().integer().min(1).required().label('amount'),
  paidAt: yup.string().trim().max(40).required().label('paidAt'),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came, for the callback's signature. */
    rawBody?: string;
  }
}

interface PayRow {
  id: string;
  status: number;
  premium: string | number;
  company_code: string;
  company_name: string;
  start_date: string | Date;
  plate: string | null;
  client_name: string | null;
  payment_expires_at: string | Date | null;
}

/** A link still waiting for payment whose time has run out (the calendar may not have ended it yet). */
const expiredLink = (row: PayRow, now = Date.now()) => row.status === S.waitingPayment && row.payment_expires_at != null && new Date(row.payment_expires_at).getTime() <= now;

async function payRow(ctx: AppContext, token: string): Promise<PayRow | undefined> {
  const [row] = await ctx.db.query<PayRow>(
    `SELECT c.id, c.status, c.premium, co.id_unicus AS company_code, co.short_name AS company_name, c.start_date, c.plate, c.client_name, c.payment_expires_at
       FROM contracts c JOIN companies co ON co.id = c.company_id WHERE c.payment_token = $1`,
    [token],
  );
  return row;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function payPage(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f3f5f8;margin:0;padding:24px;color:#1f2329}main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:22px;margin:0 0 16px}dl{margin:0 0 20px}dt{color:#667085;font-size:13px}dd{margin:0 0 10px;font-weight:600}button{width:100%;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1677ff;color:#fff;cursor:pointer}.ok{color:#1a7f37;font-weight:600}.muted{color:#667085;font-size:13px;margin-top:16px}</style></head>
<body><main>${body}</main></body></html>`;
}

type CallbackBody = yup.InferType<typeof callbackSchema>;
type Answer = { status: number; body: Record<string, unknown> };

/** One payment callback, signed over its raw body: what it changes and what the insurer is answered. */
export async function applyCallback(
  ctx: AppContext,
  flow: FlowDeps,
  secret: string,
  code: string,
  raw: string,
  signature: unknown,
  body: CallbackBody,
  log: { warn(o: object, m: string): void },
): Promise<Answer> {
  const keep = (outcome: string, contractId: string | null) =>
    ctx.db.query('INSERT INTO payment_callbacks (company_code, payment_id, contract_id, outcome, body) VALUES ($1, $2, $3, $4, $5)', [code, body.paymentId, contractId, outcome, raw]);
  const refuse = (status: number, message: string): Answer => ({ status, body: { message, error: true } });
  const duplicate: Answer = { status: 200, body: { error: false, result: 'duplicate', message: PAYMENT_TEXTS.duplicate } };
  if (!signatureOk(secret, raw, signature)) {
    await keep('forged', null);
    log.warn({ companyCode: code }, 'payment callback with a bad signature');
    return refuse(401, PAYMENT_TEXTS.forged);
  }
  const row = await payRow(ctx, body.paymentToken);
  if (!row || row.company_code !== code) {
    await keep('unknown', null);
    return refuse(404, PAYMENT_TEXTS.unknown);
  }
  const [seen] = await ctx.db.query(`SELECT 1 FROM payment_callbacks WHERE company_code = $1 AND payment_id = $2 AND outcome = 'applied'`, [code, body.paymentId]);
  if (seen) {
    await keep('duplicate', row.id);
    return duplicate;
  }
  if (expiredLink(row)) {
    await keep('expired', row.id);
    await expirePaymentLink(flow, row.id);
    return refuse(409, PAYMENT_TEXTS.expired);
  }
  if (row.status !== S.waitingPayment) {
    await keep('not_waiting', row.id);
    return refuse(409, PAYMENT_TEXTS.notWaiting);
  }
  if (body.amount !== Number(row.premium)) {
    await keep('amount_mismatch', row.id);
    return refuse(409, PAYMENT_TEXTS.amount);
  }
  try {
    await move(flow, row.id, S.paid, { actor: 'system', userId: null, note: `Платёж ${body.paymentId}` }, { paid_at: new Date().toISOString() });
  } catch (e) {
    // Two deliveries of one payment at once: the second finds the contract paid already.
    if (e instanceof HttpError && e.statusCode === 409) {
      await keep('duplicate', row.id);
      return duplicate;
    }
    throw e;
  }
  await keep('applied', row.id);
  void release(flow, row.id);
  return { status: 200, body: { error: false, result: 'applied', message: PAYMENT_TEXTS.applied } };
}

export function paymentRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, secret: string) {
  // The callback and the payment page in their own context: the callback keeps its raw body for
  // the signature, the page takes its form post; the rest of the api's body parsing is unchanged.
  app.register(async (scope) => {
    const parseJson = parseJsonBody(scope);
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      parseJson(req, body, done);
    });
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    route(
      scope,
      {
        method: 'POST',
        url: '/api/v2/payments/callback/:companyCode',
        summary: 'Уведомление страховщика об оплате (подписано HMAC-SHA256)',
        public: true,
        params: yup.object({ companyCode: yup.string().trim().matches(/^[a-z0-9_-]{2,40}$/, 'Поле «companyCode»: код страховщика').required().label('companyCode') }),
        body: callbackSchema,
      },
      async (req, reply) => {
        const answer = await applyCallback(ctx, flow, secret, req.params.companyCode, req.rawBody ?? '', req.headers[SIGNATURE_HEADER], req.body, req.log);
        return reply.code(answer.status).send(answer.body);
      },
    );

    const tokenParams = yup.object({ token: yup.string().trim().matches(/^[A-Za-z0-9_-]{16,64}$/, 'Ссылка на оплату неверна').required().label('token') });

    scope.get('/pay/:token', async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const token = tokenParams.isValidSync(req.params) ? req.params.token : null;
      const row = token ? await payRow(ctx, token) : undefined;
      if (!row) return reply.code(404).send(payPage('Ссылка недействительна', '<h1>Ссылка недействительна</h1><p>Попросите агента прислать новую ссылку на оплату.</p>'));
      if (expiredLink(row)) {
        await expirePaymentLink(flow, row.id);
        return reply.code(410).send(payPage('Срок ссылки истёк', '<h1>Срок ссылки истёк</h1><p>Полис не оплачен вовремя. Попросите агента рассчитать и оформить полис заново.</p>'));
      }
      const facts = `<dl><dt>Страховщик</dt><dd>${escapeHtml(row.company_name)}</dd><dt>Полис</dt><dd>Е-ОСАГО${row.plate ? `, ${escapeHtml(row.plate)}` : ''}</dd>${row.client_name ? `<dt>Страхователь</dt><dd>${escapeHtml(row.client_name)}</dd>` : ''}<dt>Начало действия</dt><dd>${formatDate(row.start_date instanceof Date ? row.start_date.toISOString() : row.start_date)}</dd><dt>К оплате</dt><dd>${formatMoney(Number(row.premium))}</dd></dl>`;
      if (row.status === S.waitingPayment) {
        const until = row.payment_expires_at ? `<p class="muted">Ссылка действует до ${formatMoscowDateTime(row.payment_expires_at)} (МСК).</p>` : '';
        return reply.send(payPage(`Оплата полиса — ${row.company_name}`, `<h1>Оплата полиса ОСАГО</h1>${facts}${until}<form method="post"><button type="submit">Оплатить ${formatMoney(Number(row.premium))}</button></form><p class="muted">Демонстрационная страница оплаты страховщика: деньги не списываются.</p>`));
      }
      if (row.status >= S.paid && row.status <= S.inAction) return reply.send(payPage('Полис оплачен', `<h1>Полис оплачен</h1>${facts}<p class="ok">Оплата получена. Полис придёт на почту страхователя.</p>`));
      return reply.code(410).send(payPage('Ссылка недействительна', '<h1>Ссылка недействительна</h1><p>Договор больше не ожидает оплаты.</p>'));
    });

    // The demo insurer takes the money, then calls the product back, signed, as an acquirer would.
    scope.post('/pay/:token', async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
      const token = tokenParams.isValidSync(req.params) ? req.params.token : null;
      const row = token ? await payRow(ctx, token) : undefined;
      if (row && row.status === S.waitingPayment && !expiredLink(row)) {
        const raw = JSON.stringify({ paymentId: `pay_${randomBytes(9).toString('base64url')}`, paymentToken: token, amount: Number(row.premium), paidAt: new Date().toISOString() });
        // In-process, through the same check as the HTTP callback: signature, idempotency, amount.
        const res = await applyCallback(ctx, flow, secret, row.company_code, raw, signPayload(secret, raw), JSON.parse(raw), req.log);
        if (res.status !== 200) req.log.warn({ status: res.status, body: res.body }, 'demo payment callback refused');
      }
      return reply.code(303).redirect(`/pay/${encodeURIComponent(req.params.token)}`);
    });
  });
}
