import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTRACT_PRODUCT_TITLES, CONTRACT_STATUS as S, formatDate, formatMoney, formatMoscowDateTime, instalmentTitle, type ContractProduct, type ContractStatus } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { yup } from '../../platform/validation.js';
import { expirePaymentLink } from '../contracts/flow.js';
import { linkExpired, receiveCallback, type CallbackAnswer, type CallbackDeps } from './callbacks.js';
import { signCallback } from './signature.js';
import { productModule } from '../products/index.js';
import { escapeHtml, publicPage } from '../../platform/public-page.js';

/**
 * The demo insurers' payment page (demo mode only: routes/payments.ts registers it only then). The client
 * opens the agent's link `/pay/{token}`; «Оплатить» is the insurer taking the money and then calling the
 * product back, signed at that moment with the insurer's secret, exactly as a real acquirer's callback —
 * in-process, through the same receiveCallback as the HTTP route, and sent again while it gets no answer
 * (deliverUntilAnswered) — in this node: a node killed mid-payment takes its demo insurer's retries with it,
 * which a real insurer's, sent to the gateway, outlive (bench/drill-node-kill.mjs). No money moves.
 */

interface PayRow {
  id: string;
  product: string;
  status: ContractStatus;
  /** What this link pays (the first instalment, a later one, an extra payment), kopecks. */
  premium: string | number;
  /** A later instalment's or an extra payment's state; null for the contract's first payment. */
  state: string | null;
  number: number;
  of: number;
  purpose: 'premium' | 'endorsement';
  company_code: string;
  company_name: string;
  start_date: string;
  plate: string | null;
  client_name: string | null;
  payment_expires_at: string | Date | null;
}

async function payRow(ctx: AppContext, token: string): Promise<PayRow | undefined> {
  const of = `(SELECT count(*)::int FROM contract_instalments x WHERE x.contract_id = c.id AND x.purpose = 'premium')`;
  const [first] = await ctx.db.query<PayRow>(
    `SELECT c.id, c.product, c.status, coalesce(i.amount_kopecks, c.premium) AS premium, NULL AS state, 1 AS number, greatest(${of}, 1) AS of, 'premium' AS purpose,
            co.id_unicus AS company_code, co.short_name AS company_name, c.start_date::text AS start_date, c.plate, c.client_name, c.payment_expires_at
       FROM contracts c JOIN companies co ON co.id = c.company_id LEFT JOIN contract_instalments i ON i.contract_id = c.id AND i.number = 1 WHERE c.payment_token = $1`,
    [token],
  );
  if (first) return first;
  const [later] = await ctx.db.query<PayRow>(
    `SELECT c.id, c.product, c.status, i.amount_kopecks AS premium, i.state, i.number, ${of} AS of, i.purpose,
            co.id_unicus AS company_code, co.short_name AS company_name, c.start_date::text AS start_date, c.plate, c.client_name, i.payment_expires_at
       FROM contract_instalments i JOIN contracts c ON c.id = i.contract_id JOIN companies co ON co.id = c.company_id WHERE i.payment_token = $1`,
    [token],
  );
  return later;
}

/** Whether the link may be paid now: the first payment while the contract waits; a later one while it waits and the policy stands. */
const payable = (row: PayRow, now: Date) =>
  row.state === null
    ? row.status === S.waitingPayment && !linkExpired(row.status, row.payment_expires_at, now)
    : row.state === 'waiting' && row.status >= S.paid && row.status <= S.inAction && !(row.payment_expires_at && new Date(row.payment_expires_at).getTime() <= now.getTime());

/** The payment page while the demo insurer's callback is still being delivered (the money taken, the product not yet told). */
export const DEMO_PAYMENT_CONFIRMING = 'Деньги списаны, страховщик подтверждает платёж. Обновите страницу через минуту.';

const tokenParams = yup.object({ token: yup.string().trim().matches(/^[A-Za-z0-9_-]{16,64}$/, 'Ссылка на оплату неверна').required().label('token') });

export function demoAcquirerRoutes(scope: FastifyInstance, ctx: AppContext, deps: CallbackDeps) {
  const flow = deps.flow;
  /** Links whose money was taken and whose callback is still being delivered: not taken twice. */
  const delivering = new Set<string>();
  scope.get('/pay/:token', async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const token = tokenParams.isValidSync(req.params) ? req.params.token : null;
    const row = token ? await payRow(ctx, token) : undefined;
    if (!row) return reply.code(404).send(publicPage('Ссылка недействительна', '<h1>Ссылка недействительна</h1><p>Попросите агента прислать новую ссылку на оплату.</p>'));
    if (linkExpired(row.status, row.payment_expires_at, new Date())) {
      await expirePaymentLink(flow, row.id);
      return reply.code(410).send(publicPage('Срок ссылки истёк', '<h1>Срок ссылки истёк</h1><p>Полис не оплачен вовремя. Попросите агента рассчитать и оформить полис заново.</p>'));
    }
    const title = CONTRACT_PRODUCT_TITLES[row.product as ContractProduct] ?? row.product;
    // «Взнос 2 из 3 (2-й год страхования)» where the product says what an instalment pays for.
    const note = row.purpose === 'premium' && row.of > 1 ? productModule(row.product)?.instalmentNote?.(row.number) : undefined;
    const payment = `${instalmentTitle(row)}${note ? ` (${note})` : ''}`;
    const part = row.of > 1 || row.purpose === 'endorsement' ? `<dt>Платёж</dt><dd>${escapeHtml(payment)}</dd>` : '';
    const facts = `<dl><dt>Страховщик</dt><dd>${escapeHtml(row.company_name)}</dd><dt>Полис</dt><dd>${escapeHtml(title)}${row.plate ? `, ${escapeHtml(row.plate)}` : ''}</dd>${row.client_name ? `<dt>Страхователь</dt><dd>${escapeHtml(row.client_name)}</dd>` : ''}<dt>Начало действия</dt><dd>${formatDate(row.start_date)}</dd>${part}<dt>К оплате</dt><dd>${formatMoney(Number(row.premium))}</dd></dl>`;
    if (delivering.has(token!) && payable(row, new Date())) {
      return reply.send(publicPage('Оплата принята', `<h1>Оплата принята</h1>${facts}<p class="muted">${DEMO_PAYMENT_CONFIRMING}</p>`));
    }
    if (payable(row, new Date())) {
      const until = row.payment_expires_at ? `<p class="muted">Ссылка действует до ${formatMoscowDateTime(row.payment_expires_at)} (МСК).</p>` : '';
      const heading = escapeHtml(row.state === null && row.of === 1 ? (productModule(row.product)?.documentTitles.payment ?? `Оплата полиса ${title}`) : `${payment}: оплата полиса ${title}`);
      return reply.send(publicPage(`Оплата полиса — ${row.company_name}`, `<h1>${heading}</h1>${facts}${until}<form method="post"><button type="submit">Оплатить ${formatMoney(Number(row.premium))}</button></form><p class="muted">Демонстрационная страница оплаты страховщика: деньги не списываются.</p>`));
    }
    if (row.state === null ? row.status >= S.paid && row.status <= S.inAction : row.state === 'paid') {
      return reply.send(publicPage('Полис оплачен', `<h1>${row.state === null ? 'Полис оплачен' : 'Платёж получен'}</h1>${facts}<p class="ok">Оплата получена. ${row.state === null ? 'Полис придёт на почту страхователя.' : 'Спасибо!'}</p>`));
    }
    return reply.code(410).send(publicPage('Ссылка недействительна', '<h1>Ссылка недействительна</h1><p>Договор больше не ожидает оплаты.</p>'));
  });

  // The demo insurer takes the money, then calls the product back, signed, as an acquirer would — and,
  // as an acquirer does, again while the callback got no answer (each delivery signed when it is sent).
  scope.post('/pay/:token', async (req: FastifyRequest<{ Params: { token: string } }>, reply) => {
    const token = tokenParams.isValidSync(req.params) ? req.params.token : null;
    const row = token && !delivering.has(token) ? await payRow(ctx, token) : undefined;
    if (row && payable(row, new Date())) {
      const body = { paymentId: `pay_${randomBytes(9).toString('base64url')}`, paymentToken: token!, amount: Number(row.premium), paidAt: new Date().toISOString() };
      const raw = JSON.stringify(body);
      const send = () => receiveCallback(deps, { companyCode: row.company_code, raw, signature: signCallback(deps.secrets[row.company_code], row.company_code, raw), address: req.ip, body });
      delivering.add(token!);
      let firstFailed = () => undefined as void;
      const failedOnce = new Promise<void>((resolve) => (firstFailed = resolve));
      const done = deliverUntilAnswered(send, (n, why) => {
        firstFailed();
        req.log.warn({ attempt: n, why, paymentId: body.paymentId }, 'demo payment callback not answered: sent again');
      });
      void done.then((answer) => {
        if (answer && answer.status !== 200) req.log.warn({ status: answer.status, body: answer.body }, 'demo payment callback refused');
        if (!answer) req.log.error({ paymentId: body.paymentId }, 'demo payment callback never answered');
      }).finally(() => delivering.delete(token!));
      // The client waits for the first delivery only; the retries go on after the page answered.
      await Promise.race([done, failedOnce]);
    }
    return reply.code(303).redirect(`/pay/${encodeURIComponent(req.params.token)}`);
  });
}

/** The waits between a demo insurer's deliveries of one callback while it gets no answer (as acquirers back off). */
export const DEMO_CALLBACK_RETRY_MS: readonly number[] = [250, 1_000, 3_000, 10_000, 30_000];

/**
 * Delivers a callback until it is answered: a delivery that threw (no answer: the database away, the node
 * going down) or was answered 5xx is sent again after the next wait; a 2xx or 4xx answer is final (the
 * product said what it did). Answers that answer, or null once the waits are spent.
 */
export async function deliverUntilAnswered(send: () => Promise<CallbackAnswer>, onRetry: (attempt: number, why: string) => void = () => undefined, waits: readonly number[] = DEMO_CALLBACK_RETRY_MS): Promise<CallbackAnswer | null> {
  for (let attempt = 0; ; attempt++) {
    let why: string;
    try {
      const answer = await send();
      if (answer.status < 500) return answer;
      why = `answered ${answer.status}`;
    } catch (e) {
      why = String(e);
    }
    if (attempt >= waits.length) return null;
    onRetry(attempt + 1, why);
    await new Promise((r) => setTimeout(r, waits[attempt]));
  }
}
