import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { parseJsonBody, yup } from '../../platform/validation.js';
import type { FlowDeps } from '../contracts/flow.js';
import { receiveCallback, type CallbackDeps } from '../payments/callbacks.js';
import { demoAcquirerRoutes } from '../payments/demo-acquirer.js';
import { SIGNATURE_HEADER } from '../payments/signature.js';

/**
 * Payment of a contract.
 * - `POST /api/v2/payments/callback/:companyCode`: the insurer's callback that a client paid. Signed by
 *   the insurer (payments/signature.ts), applied or recorded as refund-due in one transaction
 *   (payments/callbacks.ts). Answers: 200 `applied` or `duplicate` (a retry of a payment already applied);
 *   409 (404 without a contract) `refund_due` with the reason — the money was not applied and must be
 *   returned; 401 forged or stale; 429 when an address keeps failing; 413 over CALLBACK_BODY_LIMIT.
 * - `GET|POST /pay/:token`: the demo insurers' payment page — in demo mode only (payments/demo-acquirer.ts).
 */

/** A callback is four short fields (~200 bytes); anything much larger is not a callback. */
export const CALLBACK_BODY_LIMIT = 4096;

const callbackSchema = yup.object({
  paymentId: yup.string().trim().matches(/^[A-Za-z0-9_-]{8,64}$/, 'Поле «paymentId»: 8–64 латинских букв, цифр, «_» или «-»').required().label('paymentId'),
  paymentToken: yup.string().trim().matches(/^[A-Za-z0-9_-]{16,64}$/, 'Поле «paymentToken»: 16–64 латинских букв, цифр, «_» или «-»').required().label('paymentToken'),
  amount: yup.number().integer('Поле «amount»: сумма в копейках, целое число').min(1).max(100_000_000_000).required().label('amount'),
  paidAt: yup
    .string()
    .trim()
    .test('iso-time', 'Поле «paidAt»: дата и время в ISO 8601 со смещением (2026-11-27T10:15:00Z)', (v) => v == null || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v))))
    .required()
    .label('paidAt'),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came, for the callback's signature. */
    rawBody?: string;
  }
}

export function paymentRoutes(app: FastifyInstance, ctx: AppContext, flow: FlowDeps, secrets: Readonly<Record<string, string>>) {
  const deps: CallbackDeps = { flow, secrets, limiter: ctx.loginLimiter.address };
  // The callback and the payment page in their own context: the callback keeps its raw body for
  // the signature, the page takes its form post; the rest of the api's body parsing is unchanged.
  app.register(async (scope) => {
    const parseJson = parseJsonBody(scope);
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      parseJson(req, body, done);
    });

    route(
      scope,
      {
        method: 'POST',
        url: '/api/v2/payments/callback/:companyCode',
        summary: 'Уведомление страховщика об оплате (подпись HMAC-SHA256 со временем, своя у каждого страховщика)',
        public: true,
        bodyLimit: CALLBACK_BODY_LIMIT,
        params: yup.object({ companyCode: yup.string().trim().matches(/^[a-z0-9_-]{2,40}$/, 'Поле «companyCode»: код страховщика').required().label('companyCode') }),
        body: callbackSchema,
      },
      async (req, reply) => {
        const answer = await receiveCallback(deps, {
          companyCode: req.params.companyCode,
          raw: req.rawBody ?? '',
          signature: req.headers[SIGNATURE_HEADER],
          address: req.ip,
          body: req.body,
        });
        return reply.code(answer.status).send(answer.body);
      },
    );

    if (ctx.demoMode) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
      demoAcquirerRoutes(scope, ctx, deps);
    }
  });
}
