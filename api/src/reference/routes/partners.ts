import type { FastifyInstance } from 'fastify';
import type { PartnerInput, TariffMappingInput } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/routes.js';
import { auditedTx } from '../../platform/audit.js';
import { idParams } from '../../platform/validation.js';
import {
  createPartner,
  createTariffMapping,
  deleteTariffMapping,
  getPartner,
  getTariffMapping,
  listPartners,
  listTariffMappings,
  updatePartner,
  updateTariffMapping,
} from '../partners.js';
import { partnerSchema, partnersQuery, tariffMappingSchema, tariffMappingsQuery } from '../schemas.js';

/**
 * Partners and the tariff mapping (Управление, spec §2; issue 26). Whoever sees Управление reads them
 * (canSeeManagement: admin, finance controller, copywriter, supervisor without appointed-only); administrators
 * and finance controllers change them (canManagePartners; the api answers 403 to the others). Every change
 * is recorded in the audit log in its transaction and drops the reference cache (init-state's insurers).
 * - `GET /api/v2/partners?kind=`, `GET /api/v2/partners/:partnerId`
 * - `POST /api/v2/partners` (`add_partner/`), `PUT /api/v2/partners/:partnerId` (`edit_partner/{id}`): the whole card
 * - `GET /api/v2/tariff-mappings?companyId=&product=`, `POST /api/v2/tariff-mappings`,
 *   `PUT /api/v2/tariff-mappings/:mappingId`, `DELETE /api/v2/tariff-mappings/:mappingId`
 */
export function partnerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, { method: 'GET', url: '/api/v2/partners', summary: 'Партнёры: страховщики, банки, агентства', access: 'canSeeManagement', query: partnersQuery }, async (req) => ({
    data: await listPartners(ctx.db, { kind: req.query.kind as never }),
  }));

  route(app, { method: 'GET', url: '/api/v2/partners/:partnerId', summary: 'Партнёр: реквизиты, продукты, контакты, типы файлов', access: 'canSeeManagement', params: idParams('partnerId') }, async (req) => ({
    data: await getPartner(ctx.db, req.params.partnerId),
  }));

  route(app, { method: 'POST', url: '/api/v2/partners', summary: 'Партнёр: добавить', access: 'canManagePartners', body: partnerSchema }, async (req) => {
    const id = await auditedTx(ctx.db, ctx.rt, (q) => createPartner(q, req.body as PartnerInput, req.me.user._id));
    await ctx.reference.forget();
    return { data: await getPartner(ctx.db, id) };
  });

  route(app, { method: 'PUT', url: '/api/v2/partners/:partnerId', summary: 'Партнёр: сохранить карточку', access: 'canManagePartners', params: idParams('partnerId'), body: partnerSchema }, async (req) => {
    await auditedTx(ctx.db, ctx.rt, (q) => updatePartner(q, req.params.partnerId, req.body as PartnerInput, req.me.user._id));
    await ctx.reference.forget();
    return { data: await getPartner(ctx.db, req.params.partnerId) };
  });

  route(app, { method: 'GET', url: '/api/v2/tariff-mappings', summary: 'Маппинг тарифов: коды страховщиков по нашим продуктам', access: 'canSeeManagement', query: tariffMappingsQuery }, async (req) => ({
    data: await listTariffMappings(ctx.db, { companyId: req.query.companyId, product: req.query.product }),
  }));

  route(app, { method: 'POST', url: '/api/v2/tariff-mappings', summary: 'Маппинг тарифов: добавить период', access: 'canManagePartners', body: tariffMappingSchema }, async (req) => {
    const id = await auditedTx(ctx.db, ctx.rt, (q) => createTariffMapping(q, req.body as TariffMappingInput, req.me.user._id));
    return { data: await getTariffMapping(ctx.db, id) };
  });

  route(app, { method: 'PUT', url: '/api/v2/tariff-mappings/:mappingId', summary: 'Маппинг тарифов: изменить период', access: 'canManagePartners', params: idParams('mappingId'), body: tariffMappingSchema }, async (req) => {
    await auditedTx(ctx.db, ctx.rt, (q) => updateTariffMapping(q, req.params.mappingId, req.body as TariffMappingInput, req.me.user._id));
    return { data: await getTariffMapping(ctx.db, req.params.mappingId) };
  });

  route(app, { method: 'DELETE', url: '/api/v2/tariff-mappings/:mappingId', summary: 'Маппинг тарифов: удалить период', access: 'canManagePartners', params: idParams('mappingId') }, async (req) => {
    await auditedTx(ctx.db, ctx.rt, (q) => deleteTariffMapping(q, req.params.mappingId, req.me.user._id));
    return { data: { deleted: true } };
  });
}
