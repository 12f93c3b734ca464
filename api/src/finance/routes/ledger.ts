import type { FastifyInstance } from 'fastify';
import type { LedgerQuery } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { attachmentDisposition } from '../../platform/file-types.js';
import { validationError } from '../../platform/errors.js';
import { exportFileName, ledgerCsv, ledgerXlsx } from '../export.js';
import { adjustmentSchema, ledgerExportSchema, ledgerQuerySchema } from '../schemas.js';
import { adjustCommission } from '../ledger.js';
import { pushContractMoney, pushLedgerChanged } from '../contract-money.js';
import { ledgerPage, ledgerPeriods } from '../statement.js';

/** The most lines one export carries; more is a 400 asking for narrower filters. */
export const LEDGER_EXPORT_MAX_LINES = 50_000;
export const LEDGER_EXPORT_TOO_MANY = `Слишком много строк для выгрузки (больше ${LEDGER_EXPORT_MAX_LINES.toLocaleString('ru-RU')}): уточните фильтры`;

/**
 * Мое КВ / КВ всех (§2 `cr/*`, §7): whoever sees the КВ section (canSeeCommissions), each within their
 * scope (statement.ts). Live: `ledger_changed` when lines are written for an agent they see.
 * - `GET /api/v2/payments/period-filters-pay-lists`: the periods (Moscow months), newest first.
 * - `GET /api/v2/finance/ledger?period=&agent=&company=&product=&kind=&after=&limit=`: a page of the period's
 *   lines and the period's totals for the same filters.
 * - `GET /api/v2/finance/ledger/export?period=&…&format=xlsx|csv`: the same lines and totals as a file.
 * - `POST /api/v2/finance/ledger/adjustments`: finance's correction of an agent's commission, with its reason.
 */

export const ADJUSTMENT_TEXTS = {
  notAgent: 'Поле «agentId»: такого агента нет',
  notTheirs: 'Поле «contractId»: у этого агента нет такого договора',
} as const;
export function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/payments/period-filters-pay-lists', summary: 'КВ: периоды начислений (месяцы по Москве)', access: 'canSeeCommissions' }, async (req) => ({
    data: await ledgerPeriods(ctx.db, req.me),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/ledger', summary: 'КВ: начисления за период и итоги', access: 'canSeeCommissions', query: ledgerQuerySchema }, async (req) => ({
    data: await ledgerPage(ctx.db, req.me, req.query as LedgerQuery & { limit: number }),
  }));

  route(app, { method: 'GET', url: '/api/v2/finance/ledger/export', summary: 'КВ: выгрузка начислений за период (XLSX или CSV)', access: 'canSeeCommissions', query: ledgerExportSchema }, async (req, reply) => {
    const { format, ...query } = req.query as LedgerQuery & { format: 'xlsx' | 'csv' };
    const page = await ledgerPage(ctx.db, req.me, { ...query, after: undefined, limit: LEDGER_EXPORT_MAX_LINES });
    if (page.next) throw validationError(LEDGER_EXPORT_TOO_MANY, 'period');
    const file = format === 'xlsx' ? await ledgerXlsx(page) : ledgerCsv(page);
    return reply
      .type(format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(exportFileName(query.period, format), `ledger-${query.period}.${format}`))
      .header('Cache-Control', 'private, no-store')
      .send(file);
  });

  // Finance staff (the same who keep the rates): a new line, plus or minus, with the reason the agent reads.
  route(app, { method: 'POST', url: '/api/v2/finance/ledger/adjustments', summary: 'КВ: корректировка начислений агента с причиной', access: 'canManageCommissionRates', body: adjustmentSchema }, async (req) => {
    const a = req.body as { agentId: string; amountKopecks: number; reason: string; contractId?: string | null };
    const id = await ctx.db.tx(async (q) => {
      const [agent] = await q.query(`SELECT 1 FROM users WHERE id = $1 AND ('agent' = ANY(roles) OR 'agent_new' = ANY(roles))`, [a.agentId]);
      if (!agent) throw validationError(ADJUSTMENT_TEXTS.notAgent, 'agentId');
      if (a.contractId) {
        // The agent's own sale, or one they have a line on (a network owner's override).
        const [theirs] = await q.query(
          'SELECT 1 FROM contracts c WHERE c.id = $1 AND (c.agent_id = $2 OR EXISTS (SELECT 1 FROM commission_ledger l WHERE l.contract_id = c.id AND l.agent_id = $2))',
          [a.contractId, a.agentId],
        );
        if (!theirs) throw validationError(ADJUSTMENT_TEXTS.notTheirs, 'contractId');
      }
      return adjustCommission(q, a, req.me.user._id);
    });
    if (a.contractId) await pushContractMoney(ctx.db, ctx.rt, a.contractId);
    else await pushLedgerChanged(ctx.db, ctx.rt, a.agentId);
    return { data: { id } };
  });
}
