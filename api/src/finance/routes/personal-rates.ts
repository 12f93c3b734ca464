import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { noFields } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { idParams } from '../../platform/validation.js';
import { moscowToday } from '../../sales/osago.js';
import { segmentMembersSchema, segmentNameSchema, segmentRateSchema, templateCreateSchema, templatePatchSchema, templatesQuery } from '../schemas.js';
import { createSegment, getSegment, listSegments, renameSegment, setSegmentMembers, setSegmentRate } from '../segments.js';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from '../templates.js';

/**
 * Personal templates and the commission segmenter (issue 24): finance staff (canManageCommissionRates).
 * Every rate is checked against what the insurer pays (rates.ts); the resolver (resolver.ts) reads them.
 */
export function personalRateRoutes(app: FastifyInstance, ctx: AppContext) {
  const access = 'canManageCommissionRates' as const;

  route(app, { method: 'GET', url: '/api/v2/finance/templates', summary: 'Персональные шаблоны КВ', access, query: templatesQuery }, async (req) => ({
    data: await listTemplates(ctx.db, req.query),
  }));
  route(app, { method: 'GET', url: '/api/v2/finance/templates/:templateId', summary: 'Персональный шаблон КВ', access, params: idParams('templateId') }, async (req) => ({
    data: await getTemplate(ctx.db, req.params.templateId),
  }));
  route(app, { method: 'POST', url: '/api/v2/finance/templates', summary: 'Новый персональный шаблон КВ', access, body: templateCreateSchema }, async (req) => {
    const id = await ctx.db.tx((q) => createTemplate(q, req.body, req.me.user._id, moscowToday()));
    return { data: await getTemplate(ctx.db, id) };
  });
  route(app, { method: 'PATCH', url: '/api/v2/finance/templates/:templateId', summary: 'Изменить персональный шаблон КВ', access, params: idParams('templateId'), body: templatePatchSchema }, async (req) => {
    const patch = req.body as { rateBp?: number; validFrom?: string; validTo?: string | null };
    if (patch.rateBp === undefined && patch.validFrom === undefined && patch.validTo === undefined) throw noFields();
    await ctx.db.tx((q) => updateTemplate(q, req.params.templateId, patch, moscowToday()));
    return { data: await getTemplate(ctx.db, req.params.templateId) };
  });
  route(app, { method: 'DELETE', url: '/api/v2/finance/templates/:templateId', summary: 'Удалить персональный шаблон КВ, который ещё не начал действовать', access, params: idParams('templateId') }, async (req) => {
    await ctx.db.tx((q) => deleteTemplate(q, req.params.templateId, moscowToday()));
    return { data: { deleted: true } };
  });

  route(app, { method: 'GET', url: '/api/v2/finance/segments', summary: 'Сегментатор КВ: сегменты, их ставки и агенты', access }, async () => ({ data: await listSegments(ctx.db) }));
  route(app, { method: 'POST', url: '/api/v2/finance/segments', summary: 'Новый сегмент КВ', access, body: segmentNameSchema }, async (req) => {
    const id = await ctx.db.tx((q) => createSegment(q, req.body.name, req.me.user._id));
    return { data: await getSegment(ctx.db, id) };
  });
  route(app, { method: 'PATCH', url: '/api/v2/finance/segments/:segmentId', summary: 'Переименовать сегмент КВ', access, params: idParams('segmentId'), body: segmentNameSchema }, async (req) => {
    await ctx.db.tx((q) => renameSegment(q, req.params.segmentId, req.body.name));
    return { data: await getSegment(ctx.db, req.params.segmentId) };
  });
  route(app, { method: 'PUT', url: '/api/v2/finance/segments/:segmentId/rates', summary: 'Сегмент КВ: ставка по страховщику и продукту с даты', access, params: idParams('segmentId'), body: segmentRateSchema }, async (req) => {
    await ctx.db.tx((q) => setSegmentRate(q, req.params.segmentId, req.body, moscowToday()));
    return { data: await getSegment(ctx.db, req.params.segmentId) };
  });
  route(app, { method: 'PUT', url: '/api/v2/finance/segments/:segmentId/members', summary: 'Сегмент КВ: агенты сегмента (весь список)', access, params: idParams('segmentId'), body: segmentMembersSchema }, async (req) => {
    await ctx.db.tx((q) => setSegmentMembers(q, req.params.segmentId, req.body.agentIds as string[], req.me.user._id));
    return { data: await getSegment(ctx.db, req.params.segmentId) };
  });
}

