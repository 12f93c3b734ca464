import {
  access,
  clientName,
  clientNameKey,
  clientSearchTerms,
  phoneKey,
  type Client,
  type ClientCard,
  type ClientFields,
  type ClientListItem,
  type ClientPage,
  type SessionUser,
  type Vehicle,
  type VehicleCategory,
  type VehicleDocumentType,
  type VehicleFieldsInput,
  type VehiclePage,
} from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { Realtime } from '../../platform/realtime.js';
import { agentIdsCondition, viewersOfAgent } from '../../platform/scope.js';
import { isoTime } from '../../platform/sql.js';
import { CONTRACT_SELECT, toListItem, type ContractRow } from '../contracts/store.js';

/**
 * Clients and vehicles in the database: row ↔ wire, the scoped reads (platform/scope.ts on
 * clients.agent_id / vehicles.agent_id — another agent's record is a 404), the search (prefix of the name,
 * the phone's national digits or a vehicle's plate or VIN; each served by a "C"-collated btree, migration
 * 26) in keyset pages by (name_key, id), and the writers. Passport numbers leave here only to those who
 * see the agent (the scope), and never into a log: no line here logs a record.
 */

export interface ClientRow {
  id: string;
  agent_id: string;
  kind: 'person' | 'company';
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  birth_date: string | null;
  passport_series: string | null;
  passport_number: string | null;
  passport_issued_at: string | null;
  passport_issuer: string | null;
  passport_unit_code: string | null;
  company_name: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  contact_person: string | null;
  address: ClientFields['address'];
  phone: string | null;
  email: string | null;
  name: string;
  name_key: string;
  created_at: string | Date;
  updated_at: string | Date;
  agent_fio: string;
}

export interface VehicleRow {
  id: string;
  agent_id: string;
  client_id: string;
  make: string | null;
  model: string | null;
  year: number | null;
  vin: string | null;
  body_number: string | null;
  plate: string | null;
  power_hp: number | null;
  category: string | null;
  doc_type: string | null;
  doc_series: string | null;
  doc_number: string | null;
  doc_issued_at: string | null;
  updated_at: string | Date;
  owner_name: string;
  agent_fio: string;
}

const CLIENT_SELECT = `SELECT cl.*, ${fioSql('u')} AS agent_fio FROM clients cl JOIN users u ON u.id = cl.agent_id`;
const VEHICLE_SELECT = `SELECT v.*, cl.name AS owner_name, ${fioSql('u')} AS agent_fio FROM vehicles v JOIN clients cl ON cl.id = v.client_id JOIN users u ON u.id = v.agent_id`;

export function toClient(r: ClientRow): Client {
  const passport =
    r.passport_series || r.passport_number || r.passport_issued_at || r.passport_issuer || r.passport_unit_code
      ? { series: r.passport_series, number: r.passport_number, issuedAt: r.passport_issued_at, issuer: r.passport_issuer, unitCode: r.passport_unit_code }
      : null;
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    lastName: r.last_name,
    firstName: r.first_name,
    middleName: r.middle_name,
    birthDate: r.birth_date,
    passport,
    companyName: r.company_name,
    inn: r.inn,
    kpp: r.kpp,
    ogrn: r.ogrn,
    contactPerson: r.contact_person,
    address: r.address,
    phone: r.phone,
    email: r.email,
    agent: { id: r.agent_id, fio: r.agent_fio },
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  };
}

export function toVehicle(r: VehicleRow): Vehicle {
  return {
    id: r.id,
    clientId: r.client_id,
    ownerName: r.owner_name,
    make: r.make,
    model: r.model,
    year: r.year,
    vin: r.vin,
    bodyNumber: r.body_number,
    plate: r.plate,
    powerHp: r.power_hp,
    category: r.category as VehicleCategory | null,
    document: r.doc_type || r.doc_number ? { type: r.doc_type as VehicleDocumentType | null, series: r.doc_series, number: r.doc_number, issuedAt: r.doc_issued_at } : null,
    agent: { id: r.agent_id, fio: r.agent_fio },
    updatedAt: isoTime(r.updated_at),
  };
}

/** The record's columns from its fields (the name and the search keys with them). */
export function clientColumns(f: ClientFields): Record<string, unknown> {
  const name = clientName(f);
  const person = f.kind === 'person';
  return {
    kind: f.kind,
    last_name: person ? f.lastName : null,
    first_name: person ? f.firstName : null,
    middle_name: person ? f.middleName : null,
    birth_date: person ? f.birthDate : null,
    passport_series: person ? (f.passport?.series ?? null) : null,
    passport_number: person ? (f.passport?.number ?? null) : null,
    passport_issued_at: person ? (f.passport?.issuedAt ?? null) : null,
    passport_issuer: person ? (f.passport?.issuer ?? null) : null,
    passport_unit_code: person ? (f.passport?.unitCode ?? null) : null,
    company_name: person ? null : f.companyName,
    inn: person ? null : f.inn,
    kpp: person ? null : f.kpp,
    ogrn: person ? null : f.ogrn,
    contact_person: person ? null : f.contactPerson,
    address: f.address ? JSON.stringify(f.address) : null,
    phone: f.phone,
    email: f.email,
    name,
    name_key: clientNameKey(name),
    phone_key: phoneKey(f.phone),
  };
}

export function vehicleColumns(v: VehicleFieldsInput): Record<string, unknown> {
  return {
    make: v.make,
    model: v.model,
    year: v.year,
    vin: v.vin,
    body_number: v.bodyNumber,
    plate: v.plate,
    power_hp: v.powerHp,
    category: v.category,
    doc_type: v.document?.type ?? null,
    doc_series: v.document?.series ?? null,
    doc_number: v.document?.number ?? null,
    doc_issued_at: v.document?.issuedAt ?? null,
  };
}

/** The fields of a stored client (what a PATCH is merged into). */
export function fieldsOf(c: Client): ClientFields {
  const { kind, lastName, firstName, middleName, birthDate, passport, companyName, inn, kpp, ogrn, contactPerson, address, phone, email } = c;
  return { kind, lastName, firstName, middleName, birthDate, passport, companyName, inn, kpp, ogrn, contactPerson, address, phone, email };
}

export function vehicleFieldsOf(v: Vehicle): VehicleFieldsInput {
  const { make, model, year, vin, bodyNumber, plate, powerHp, category, document } = v;
  return { make, model, year, vin, bodyNumber, plate, powerHp, category, document };
}

export async function insertRow(q: Queryable, table: 'clients' | 'vehicles', cols: Record<string, unknown>): Promise<void> {
  const names = Object.keys(cols);
  await q.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(cols));
}

export async function updateRow(q: Queryable, table: 'clients' | 'vehicles', id: string, cols: Record<string, unknown>): Promise<void> {
  const names = Object.keys(cols);
  await q.query(`UPDATE ${table} SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [id, ...Object.values(cols)]);
}

/** One client the user may see, or a 404. */
export async function scopedClient(q: Queryable, me: { user: SessionUser }, id: string, lock = false): Promise<ClientRow> {
  const params: unknown[] = [id];
  const scope = agentIdsCondition(me, 'cl.agent_id', params);
  const [row] = await q.query<ClientRow>(`${CLIENT_SELECT} WHERE cl.id = $1 AND ${scope}${lock ? ' FOR UPDATE OF cl' : ''}`, params);
  if (!row) throw notFound();
  return row;
}

export async function scopedVehicle(q: Queryable, me: { user: SessionUser }, id: string): Promise<VehicleRow> {
  const params: unknown[] = [id];
  const scope = agentIdsCondition(me, 'v.agent_id', params);
  const [row] = await q.query<VehicleRow>(`${VEHICLE_SELECT} WHERE v.id = $1 AND ${scope}`, params);
  if (!row) throw notFound();
  return row;
}

export const vehiclesOf = async (q: Queryable, clientId: string): Promise<Vehicle[]> =>
  (await q.query<VehicleRow>(`${VEHICLE_SELECT} WHERE v.client_id = $1 ORDER BY v.created_at, v.id`, [clientId])).map(toVehicle);

/** Whether any contract names the client or one of their vehicles. */
export async function clientHasContracts(q: Queryable, clientId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM contracts WHERE client_id = $1 UNION ALL SELECT 1 FROM contracts c JOIN vehicles v ON v.id = c.vehicle_id WHERE v.client_id = $1 LIMIT 1`,
    [clientId],
  );
  return rows.length > 0;
}

/** The card: the client, their vehicles, the contracts they are the client of or whose vehicle they own (newest first, 100 at most). */
export async function clientCard(q: Queryable, row: ClientRow, me: { user: SessionUser }): Promise<ClientCard> {
  const params: unknown[] = [row.id];
  const scope = agentIdsCondition(me, 'c.agent_id', params);
  const contracts = await q.query<ContractRow>(
    `${CONTRACT_SELECT}
      WHERE (c.client_id = $1 OR c.vehicle_id IN (SELECT v.id FROM vehicles v WHERE v.client_id = $1)) AND ${scope}
      ORDER BY c.created_at DESC, c.id DESC LIMIT 100`,
    params,
  );
  return { client: toClient(row), vehicles: await vehiclesOf(q, row.id), contracts: contracts.map(toListItem), canDelete: !contracts.length && !(await clientHasContracts(q, row.id)) };
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The keyset cursor of the clients list: the last row's name key and id. */
export function encodeClientCursor(nameKey: string, id: string): string {
  return Buffer.from(`${id}|${nameKey}`, 'utf8').toString('base64url');
}
export function decodeClientCursor(cursor: string): { nameKey: string; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const id = text.slice(0, bar);
  if (bar < 0 || !/^[0-9a-f]{24}$/.test(id)) return null;
  return { id, nameKey: text.slice(bar + 1) };
}

export interface ClientListQuery {
  search?: string;
  kind?: 'person' | 'company';
  after?: string;
  limit: number;
}

/**
 * «Клиенты» and the picker: the clients of the agents the user sees, by name (A→Я), keyset pages. A search
 * is the start of the name (surname first), of the phone's national digits, or of one of their vehicles'
 * plates or VINs — three index-served prefix conditions ORed.
 */
export async function listClients(q: Queryable, me: { user: SessionUser }, query: ClientListQuery): Promise<ClientPage> {
  const params: unknown[] = [];
  const where = [agentIdsCondition(me, 'cl.agent_id', params)];
  if (query.kind) {
    params.push(query.kind);
    where.push(`cl.kind = $${params.length}`);
  }
  if (query.search?.trim()) {
    const { phones, text, plate } = clientSearchTerms(query.search);
    const any: string[] = [];
    params.push(likePrefix(text));
    any.push(`cl.name_key LIKE $${params.length}`);
    for (const p of phones) {
      params.push(likePrefix(p));
      any.push(`cl.phone_key LIKE $${params.length}`);
    }
    params.push(likePrefix(plate), likePrefix(text.replace(/\s+/g, '')));
    any.push(`cl.id IN (SELECT v.client_id FROM vehicles v WHERE v.plate LIKE $${params.length - 1} OR v.vin LIKE $${params.length})`);
    where.push(`(${any.join(' OR ')})`);
  }
  if (query.after) {
    const c = decodeClientCursor(query.after)!;
    params.push(c.nameKey, c.id);
    where.push(`(cl.name_key, cl.id) > ($${params.length - 1}, $${params.length})`);
  }
  params.push(query.limit + 1);
  const rows = await q.query<ClientRow & { plates: string[] | null }>(
    `SELECT cl.*, ${fioSql('u')} AS agent_fio,
            ARRAY(SELECT coalesce(v.plate, v.vin) FROM vehicles v WHERE v.client_id = cl.id AND coalesce(v.plate, v.vin) IS NOT NULL ORDER BY v.created_at, v.id) AS plates
       FROM clients cl JOIN users u ON u.id = cl.agent_id
      WHERE ${where.join(' AND ')}
      ORDER BY cl.name_key, cl.id LIMIT $${params.length}`,
    params,
  );
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const items: ClientListItem[] = page.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    phone: r.phone,
    email: r.email,
    birthDate: r.birth_date,
    inn: r.inn,
    plates: r.plates ?? [],
    agent: { id: r.agent_id, fio: r.agent_fio },
    updatedAt: isoTime(r.updated_at),
  }));
  const last = page[page.length - 1];
  return { items, next: more && last ? encodeClientCursor(last.name_key, last.id) : null };
}

/**
 * «Выбрать автомобиль»: the vehicles of the agents the user sees whose plate or VIN starts with the text,
 * or whose owner's name does; by plate. 20 at most (a picker, not a list).
 */
export async function searchVehicles(q: Queryable, me: { user: SessionUser }, search: string, limit: number): Promise<VehiclePage> {
  const params: unknown[] = [];
  const where = [agentIdsCondition(me, 'v.agent_id', params)];
  if (search.trim()) {
    const { text, plate } = clientSearchTerms(search);
    params.push(likePrefix(plate), likePrefix(text.replace(/\s+/g, '')), likePrefix(text));
    const n = params.length;
    where.push(`(v.plate LIKE $${n - 2} OR v.vin LIKE $${n - 1} OR v.client_id IN (SELECT c2.id FROM clients c2 WHERE c2.name_key LIKE $${n}))`);
  }
  params.push(limit);
  const rows = await q.query<VehicleRow>(`${VEHICLE_SELECT} WHERE ${where.join(' AND ')} ORDER BY v.plate NULLS LAST, v.id LIMIT $${params.length}`, params);
  return { items: rows.map(toVehicle), next: null };
}

/** `client_changed` to the agent and to whoever sees them and may see contracts (staff in scope, the network owner, the parent). */
export async function pushClientChanged(q: Queryable, rt: Realtime, agentId: string, clientId: string, exists = true, also: string[] = []): Promise<void> {
  const to = new Set([agentId, ...also, ...(await viewersOfAgent(q, agentId, (u) => access(u).canSeeContracts))]);
  for (const id of to) rt.emitToUser(id, 'client_changed', { clientId, exists });
}
