import type { FastifyInstance } from 'fastify';
import {
  CLIENT_TEXTS,
  clientErrors,
  normalizeClient,
  normalizeVehicle,
  vehicleErrors,
  type ClientFields,
  type ClientFieldError,
  type ClientInput,
  type VehicleFieldsInput,
  type VehicleInput,
} from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, noFields, validationError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { seesAgent } from '../../platform/scope.js';
import { idParams } from '../../platform/validation.js';
import { moscowToday } from '../osago.js';
import { clientCreateSchema, clientListQuerySchema, clientPatchSchema, vehicleCreateSchema, vehiclePatchSchema, vehicleSearchQuerySchema } from './schemas.js';
import {
  clientCard,
  clientColumns,
  clientHasContracts,
  fieldsOf,
  insertRow,
  listClients,
  pushClientChanged,
  scopedClient,
  scopedVehicle,
  searchVehicles,
  toClient,
  toVehicle,
  updateRow,
  vehicleColumns,
  vehicleFieldsOf,
} from './store.js';

const EMPTY_CLIENT: ClientFields = {
  kind: 'person',
  lastName: null,
  firstName: null,
  middleName: null,
  birthDate: null,
  passport: null,
  companyName: null,
  inn: null,
  kpp: null,
  ogrn: null,
  contactPerson: null,
  address: null,
  phone: null,
  email: null,
};
const EMPTY_VEHICLE: VehicleFieldsInput = { make: null, model: null, year: null, vin: null, bodyNumber: null, plate: null, powerHp: null, category: null, document: null };

/** The first problem as the api's 400: its Russian message, the field named. */
function refuse(errors: ClientFieldError[], prefix = '') {
  if (errors.length) throw validationError(errors[0].message, `${prefix}${errors[0].field}`);
}

/** Drops the keys the request did not send (yup leaves them undefined). */
const sent = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A stored record's field merged with what was sent, normalised and checked whole (a 400 naming the field). */
function clientFrom(base: ClientFields, patch: ClientInput): ClientFields {
  const merged = { ...base, ...normalizeClient(patch) } as ClientFields;
  refuse(clientErrors(merged, { today: moscowToday() }));
  return merged;
}
function vehicleFrom(base: VehicleFieldsInput, patch: VehicleInput, prefix = ''): VehicleFieldsInput {
  const merged = { ...base, ...normalizeVehicle(patch) } as VehicleFieldsInput;
  refuse(vehicleErrors(merged, { thisYear: Number(moscowToday().slice(0, 4)) }), prefix);
  return merged;
}

/** «Typed once»: a second person with this passport, company with this INN + KPP, vehicle with this VIN in the agent's book is a 409. */
async function refuseDuplicate(q: Queryable, agentId: string, f: ClientFields, self: string | null) {
  const [dup] =
    f.kind === 'person' && f.passport?.number
      ? await q.query<{ id: string }>('SELECT id FROM clients WHERE agent_id = $1 AND passport_series IS NOT DISTINCT FROM $2 AND passport_number = $3 AND id IS DISTINCT FROM $4', [agentId, f.passport.series, f.passport.number, self])
      : f.kind === 'company' && f.inn
        ? await q.query<{ id: string }>(`SELECT id FROM clients WHERE agent_id = $1 AND inn = $2 AND coalesce(kpp, '') = $3 AND id IS DISTINCT FROM $4`, [agentId, f.inn, f.kpp ?? '', self])
        : [];
  if (dup) throw new HttpError(409, f.kind === 'person' ? CLIENT_TEXTS.duplicatePassport : CLIENT_TEXTS.duplicateInn, { error: true, field: f.kind === 'person' ? 'passport.number' : 'inn', clientId: dup.id });
}
async function refuseDuplicateVin(q: Queryable, agentId: string, v: VehicleFieldsInput, self: string | null, field = 'vin') {
  if (!v.vin) return;
  const [dup] = await q.query<{ id: string }>('SELECT id FROM vehicles WHERE agent_id = $1 AND vin = $2 AND id IS DISTINCT FROM $3', [agentId, v.vin, self]);
  if (dup) throw new HttpError(409, CLIENT_TEXTS.duplicateVin, { error: true, field, vehicleId: dup.id });
}

/**
 * Clients and their vehicles (issue 25, «Клиенты» at /app/contracts/clients and the calculators' picker).
 * Who may: whoever may see contracts (canSeeContracts), and only the clients of the agents they see
 * (platform/scope.ts: another agent's client or vehicle is a 404 — its passport is never shown to them).
 * Every change is pushed as `client_changed` to the agent and to whoever sees them.
 */
export function clientRoutes(app: FastifyInstance, ctx: AppContext) {
  const card = async (me: Parameters<typeof scopedClient>[1], id: string) => clientCard(ctx.db, await scopedClient(ctx.db, me, id), me);

  route(app, { method: 'GET', url: '/api/v2/clients', summary: 'Клиенты: список с поиском по ФИО, телефону, госномеру; постранично по курсору', access: 'canSeeContracts', query: clientListQuerySchema }, async (req) => {
    return { data: await listClients(ctx.db, req.me, req.query as never) };
  });

  route(app, { method: 'GET', url: '/api/v2/clients/:clientId', summary: 'Клиент: данные, автомобили, договоры', access: 'canSeeContracts', params: idParams('clientId') }, async (req) => {
    return { data: await card(req.me, req.params.clientId) };
  });

  route(app, { method: 'POST', url: '/api/v2/clients', summary: 'Новый клиент (и его автомобили)', access: 'canSeeContracts', body: clientCreateSchema }, async (req) => {
    const { agentId: askedAgent, vehicles = [], ...input } = req.body;
    const agentId = askedAgent ?? req.me.user._id;
    if (agentId !== req.me.user._id && !(await seesAgent(ctx.db, req.me, agentId))) throw validationError('Поле «agentId»: такого агента нет', 'agentId');
    const fields = clientFrom(EMPTY_CLIENT, sent(input) as ClientInput);
    const cars = vehicles.map((v, i) => vehicleFrom(EMPTY_VEHICLE, sent(v) as VehicleInput, `vehicles[${i}].`));
    const id = newId();
    await ctx.db.tx(async (q) => {
      await refuseDuplicate(q, agentId, fields, null);
      await insertRow(q, 'clients', { id, agent_id: agentId, created_by: req.me.user._id, ...clientColumns(fields) });
      for (const [i, v] of cars.entries()) {
        await refuseDuplicateVin(q, agentId, v, null, `vehicles[${i}].vin`);
        await insertRow(q, 'vehicles', { id: newId(), agent_id: agentId, client_id: id, ...vehicleColumns(v) });
      }
    });
    await pushClientChanged(ctx.db, ctx.rt, agentId, id, true, [req.me.user._id]);
    return { data: await card(req.me, id) };
  });

  route(app, { method: 'PATCH', url: '/api/v2/clients/:clientId', summary: 'Клиент: изменить данные', access: 'canSeeContracts', params: idParams('clientId'), body: clientPatchSchema }, async (req) => {
    const patch = sent(req.body) as ClientInput;
    if (!Object.keys(patch).length) throw noFields();
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedClient(q, req.me, req.params.clientId, true);
      const fields = clientFrom(fieldsOf(toClient(r)), patch);
      await refuseDuplicate(q, r.agent_id, fields, r.id);
      await updateRow(q, 'clients', r.id, clientColumns(fields));
      return r;
    });
    await pushClientChanged(ctx.db, ctx.rt, row.agent_id, row.id, true, [req.me.user._id]);
    return { data: await card(req.me, row.id) };
  });

  route(app, { method: 'DELETE', url: '/api/v2/clients/:clientId', summary: 'Клиент: удалить (только без договоров)', access: 'canSeeContracts', params: idParams('clientId') }, async (req) => {
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedClient(q, req.me, req.params.clientId, true);
      // Never a hard delete of a client with contracts (the foreign keys refuse it too).
      if (await clientHasContracts(q, r.id)) throw new HttpError(409, CLIENT_TEXTS.hasContracts, { error: true });
      await q.query('DELETE FROM clients WHERE id = $1', [r.id]);
      return r;
    });
    await pushClientChanged(ctx.db, ctx.rt, row.agent_id, row.id, false, [req.me.user._id]);
    return { data: { deleted: true } };
  });

  route(app, { method: 'POST', url: '/api/v2/clients/:clientId/vehicles', summary: 'Клиент: добавить автомобиль', access: 'canSeeContracts', params: idParams('clientId'), body: vehicleCreateSchema }, async (req) => {
    const v = vehicleFrom(EMPTY_VEHICLE, sent(req.body) as VehicleInput);
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedClient(q, req.me, req.params.clientId, true);
      await refuseDuplicateVin(q, r.agent_id, v, null);
      await insertRow(q, 'vehicles', { id: newId(), agent_id: r.agent_id, client_id: r.id, ...vehicleColumns(v) });
      await q.query('UPDATE clients SET updated_at = now() WHERE id = $1', [r.id]);
      return r;
    });
    await pushClientChanged(ctx.db, ctx.rt, row.agent_id, row.id, true, [req.me.user._id]);
    return { data: await card(req.me, row.id) };
  });

  route(app, { method: 'PATCH', url: '/api/v2/vehicles/:vehicleId', summary: 'Автомобиль клиента: изменить', access: 'canSeeContracts', params: idParams('vehicleId'), body: vehiclePatchSchema }, async (req) => {
    const patch = sent(req.body) as VehicleInput;
    if (!Object.keys(patch).length) throw noFields();
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedVehicle(q, req.me, req.params.vehicleId);
      const v = vehicleFrom(vehicleFieldsOf(toVehicle(r)), patch);
      await refuseDuplicateVin(q, r.agent_id, v, r.id);
      await updateRow(q, 'vehicles', r.id, vehicleColumns(v));
      return r;
    });
    await pushClientChanged(ctx.db, ctx.rt, row.agent_id, row.client_id, true, [req.me.user._id]);
    return { data: await card(req.me, row.client_id) };
  });

  route(app, { method: 'DELETE', url: '/api/v2/vehicles/:vehicleId', summary: 'Автомобиль клиента: удалить (только без договоров)', access: 'canSeeContracts', params: idParams('vehicleId') }, async (req) => {
    const row = await ctx.db.tx(async (q) => {
      const r = await scopedVehicle(q, req.me, req.params.vehicleId);
      if ((await q.query('SELECT 1 FROM contracts WHERE vehicle_id = $1 LIMIT 1', [r.id])).length) throw new HttpError(409, CLIENT_TEXTS.vehicleHasContracts, { error: true });
      await q.query('DELETE FROM vehicles WHERE id = $1', [r.id]);
      return r;
    });
    await pushClientChanged(ctx.db, ctx.rt, row.agent_id, row.client_id, true, [req.me.user._id]);
    return { data: await card(req.me, row.client_id) };
  });

  route(app, { method: 'GET', url: '/api/v2/vehicles', summary: 'Автомобили клиентов: поиск по госномеру, VIN, ФИО владельца', access: 'canSeeContracts', query: vehicleSearchQuerySchema }, async (req) => {
    const { search = '', limit } = req.query as { search?: string; limit: number };
    return { data: await searchVehicles(ctx.db, req.me, search, limit) };
  });
}
