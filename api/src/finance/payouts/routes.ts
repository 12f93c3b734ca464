import type { FastifyInstance } from 'fastify';
import { access, type AgentBillingInput, type PayoutReceiptInput, type PayoutsQuery } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { route } from '../../platform/routes.js';
import { moscowToday } from '../../sales/osago.js';
import { actFileName, payoutActPdf } from './act.js';
import { agentBilling, saveAgentBilling } from './billing.js';
import { registerBankFile, registerXlsx } from './bank-file.js';
import { calculatePayouts } from './calculate.js';
import { attachReceipt } from './receipts.js';
import { REGISTER_TEXTS, approveRegister, buildRegister, checkRegisterSums, deleteDraft, listRegisters, markPaid, registerDetail } from './registers.js';
import { billingParams, billingSchema, markPaidSchema, payoutParams, payoutsQuerySchema, periodBodySchema, receiptSchema, registerExportSchema, registerParams } from './schemas.js';
import { minPayoutKopecks, payoutFor, payoutsPage, pushPayoutsChanged, unpaidBalance } from './store.js';

/**
 * Payouts, acts and registers (issue 24; shared-kit finance/payouts.ts says what each is):
 * - whoever sees КВ (canSeeCommissions), in their scope: the payouts list, their own balance, an act;
 *   the payout's own SZ agent attaches the receipt;
 * - finance staff (canManageCommissionRates — those who keep the rates keep the payouts): calculate a
 *   finished period, build, approve (not the builder), export, mark paid, delete a draft.
 * Live: `payout_changed` after each change (store.ts pushPayoutsChanged).
 */
export function payoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const finance = 'canManageCommissionRates' as const;

  route(app, { method: 'GET', url: '/api/v2/finance/payouts', summary: 'Выплаты: список в пределах видимости', access: 'canSeeCommissions', query: payoutsQuerySchema }, async (req) => ({
    data: await payoutsPage(ctx.db, req.me, req.query as PayoutsQuery & { after?: string; limit: number }),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/payouts/balance', summary: 'Выплаты: моё КВ, ещё не вошедшее в выплату', access: 'canSeeCommissions' }, async (req) => ({
    data: { unpaidKopecks: await unpaidBalance(ctx.db, req.me.user._id), minPayoutKopecks: await minPayoutKopecks(ctx.db) },
  }));

  route(app, { method: 'POST', url: '/api/v2/finance/payouts/calculate', summary: 'Выплаты: рассчитать за прошедший месяц', access: finance, body: periodBodySchema }, async (req) => {
    const { payouts, ...result } = await ctx.db.tx((q) => calculatePayouts(q, req.body.period, req.me.user._id));
    if (payouts.length) await pushPayoutsChanged(ctx.db, ctx.rt, { registerId: null, payouts });
    return { data: result };
  });

  route(app, { method: 'POST', url: '/api/v2/finance/payouts/:payoutId/receipt', summary: 'Выплаты: чек «Мой налог» самозанятого', access: 'canSeeCommissions', params: payoutParams, body: receiptSchema }, async (req) => {
    const { payoutId } = req.params;
    await ctx.db.tx((q) => attachReceipt(q, payoutId, req.me.user._id, req.body as PayoutReceiptInput, moscowToday()));
    await pushPayoutsChanged(ctx.db, ctx.rt, { registerId: null, payouts: [{ id: payoutId, agentId: req.me.user._id }] });
    return { data: await payoutFor(ctx.db, req.me, payoutId) };
  });

  route(app, { method: 'GET', url: '/api/v2/finance/payouts/:payoutId/act', summary: 'Выплаты: акт за период (PDF)', access: 'canSeeCommissions', params: payoutParams }, async (req, reply) => {
    const payout = await payoutFor(ctx.db, req.me, req.params.payoutId);
    if (!payout) throw notFound();
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(actFileName(payout), `act-${payout.id}.pdf`))
      .header('Cache-Control', 'private, no-store')
      .send(await payoutActPdf(ctx.db, payout));
  });

  route(app, { method: 'GET', url: '/api/v2/finance/registers', summary: 'Реестры выплат', access: finance }, async () => ({ data: await listRegisters(ctx.db) }));

  route(app, { method: 'POST', url: '/api/v2/finance/registers', summary: 'Реестры выплат: собрать за период', access: finance, body: periodBodySchema }, async (req) => {
    const built = await ctx.db.tx((q) => buildRegister(q, req.body.period, req.me.user._id));
    await pushPayoutsChanged(ctx.db, ctx.rt, { registerId: built.id, payouts: built.payouts });
    return { data: await registerDetail(ctx.db, built.id) };
  });

  const found = async (registerId: string) => {
    const r = await registerDetail(ctx.db, registerId);
    if (!r) throw notFound();
    return r;
  };

  route(app, { method: 'GET', url: '/api/v2/finance/registers/:registerId', summary: 'Реестр выплат', access: finance, params: registerParams }, async (req) => ({
    data: await found(req.params.registerId),
  }));

  route(app, { method: 'POST', url: '/api/v2/finance/registers/:registerId/approve', summary: 'Реестр выплат: утвердить (не тот, кто собрал)', access: finance, params: registerParams }, async (req) => {
    const { registerId } = req.params;
    await ctx.db.tx((q) => approveRegister(q, registerId, req.me.user._id));
    const r = await found(registerId);
    await pushPayoutsChanged(ctx.db, ctx.rt, { registerId, payouts: [] });
    return { data: r };
  });

  route(app, { method: 'DELETE', url: '/api/v2/finance/registers/:registerId', summary: 'Реестр выплат: удалить черновик', access: finance, params: registerParams }, async (req) => {
    const { registerId } = req.params;
    const freed = await ctx.db.tx((q) => deleteDraft(q, registerId));
    await pushPayoutsChanged(ctx.db, ctx.rt, { registerId, payouts: freed });
    return { data: { deleted: true } };
  });

  route(app, { method: 'POST', url: '/api/v2/finance/registers/:registerId/paid', summary: 'Реестр выплат: отметить оплаченным (строки или весь)', access: finance, params: registerParams, body: markPaidSchema }, async (req) => {
    const { registerId } = req.params;
    const paid = await ctx.db.tx((q) => markPaid(q, registerId, req.body.payoutIds as string[] | undefined));
    await pushPayoutsChanged(ctx.db, ctx.rt, { registerId, payouts: paid });
    return { data: await found(registerId) };
  });

  route(app, { method: 'GET', url: '/api/v2/finance/registers/:registerId/export', summary: 'Реестр выплат: файл для банка (1С, windows-1251) или XLSX', access: finance, params: registerParams, query: registerExportSchema }, async (req, reply) => {
    const r = await found(req.params.registerId);
    if (r.status === 'draft') throw new HttpError(409, REGISTER_TEXTS.notApproved);
    await checkRegisterSums(ctx.db, r.id);
    const xlsx = (req.query as { format: string }).format === 'xlsx';
    const name = `Реестр выплат ${r.number} ${r.period}.${xlsx ? 'xlsx' : 'txt'}`;
    return reply
      .type(xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/plain; charset=windows-1251')
      .header('Content-Disposition', attachmentDisposition(name, `register-${r.number}.${xlsx ? 'xlsx' : 'txt'}`))
      .header('Cache-Control', 'private, no-store')
      .send(xlsx ? await registerXlsx(ctx.db, r) : await registerBankFile(ctx.db, r));
  });

  // Billing details: finance staff keep them; an agent reads their own.
  route(app, { method: 'GET', url: '/api/v2/finance/billing/:agentId', summary: 'Реквизиты агента для актов и банка', access: 'canSeeCommissions', params: billingParams }, async (req) => {
    const { agentId } = req.params;
    // Bank details are finance's and the agent's own: to anyone else another agent's are not there (404).
    if (agentId !== req.me.user._id && !access(req.me.user).canManageCommissionRates) throw notFound();
    return { data: await agentBilling(ctx.db, agentId) };
  });

  route(app, { method: 'PUT', url: '/api/v2/finance/billing/:agentId', summary: 'Реквизиты агента: сохранить (проверки ИНН, БИК и счёта)', access: finance, params: billingParams, body: billingSchema }, async (req) => ({
    data: await ctx.db.tx((q) => saveAgentBilling(q, req.params.agentId, req.body as AgentBillingInput)),
  }));
}
