import {
  PASSPORT_NUMBER_PATTERN,
  PASSPORT_SERIES_PATTERN,
  VIN_PATTERN,
  PLATE_PATTERN,
  normalizeClient,
  normalizeVehicle,
  type ClientFields,
  type ContractPerson,
  MANUAL_OBJECT_OF,
  kaskoVin,
  type EosagoContractDetails,
  type KaskoCalculateRequest,
  type KaskoContractDetails,
  type ManualCalculation,
  type ManualDetails,
  type MortgageContractDetails,
  type OsagoCalculateRequest,
  type VehicleCategory,
  type VehicleFieldsInput,
} from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../../platform/db.js';
import { validationError } from '../../platform/errors.js';
import { clientColumns, fieldsOf, insertRow, toClient, updateRow, vehicleColumns, type ClientRow } from './store.js';

/**
 * The client and the vehicle, typed once: saving an e-OSAGO contract's details writes what was typed into
 * the agent's records and links the contract to them (contracts.client_id: the insurant — the owner when
 * they are the same — and contracts.vehicle_id). Runs in the details' transaction, the contract's row locked.
 *
 * How a record is found (within the contract's agent only; each rule in order, the first that finds one wins):
 * - a person: (1) the same passport series and number; (2) the record this contract already links for
 *   that role (the agent is still typing: the next save fills the same record) when its passport is empty
 *   or the same; (3) the same surname, name, patronymic and birth date with no other passport. None: a new
 *   record, once the surname and the name are there. A wrong-format passport is not a key (it is ignored
 *   until right: the contract's own check names it).
 * - a vehicle: (1) the same VIN; (2) the same plate; (3) the same body number; (4) the vehicle this contract
 *   already links. None: a new record once a make, a VIN or a plate is there. A vehicle found is moved to the
 *   owner typed now (a car changes hands).
 * What the contract says fills the record: its non-empty fields replace the record's (the latest typed is
 * the truest); an empty one never erases what the record knows.
 */

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** Non-empty values of `next` over `base` (nested one level: the passport, the address). */
function fill<T extends object>(base: T, next: Partial<T>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(next)) {
    if (blank(v)) continue;
    if (v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object') out[k] = fill(out[k] as object, v as object);
    else out[k] = v;
  }
  return out as T;
}

interface Linked {
  clientId: string | null;
  vehicleId: string | null;
  /** The clients written (to tell whoever sees them). */
  changed: string[];
}

const EMPTY: ClientFields = { kind: 'person', lastName: null, firstName: null, middleName: null, birthDate: null, passport: null, companyName: null, inn: null, kpp: null, ogrn: null, contactPerson: null, address: null, phone: null, email: null };

async function upsertPerson(
  q: Queryable,
  agentId: string,
  createdBy: string,
  p: Partial<ContractPerson> | null | undefined,
  extra: Pick<ClientFields, 'address'> & Partial<Pick<ClientFields, 'phone' | 'email'>>,
  linked: string | null,
): Promise<string | null> {
  if (!p || blank(p.lastName) || blank(p.firstName)) return null;
  const series = p.passport?.series && PASSPORT_SERIES_PATTERN.test(p.passport.series) ? p.passport.series : null;
  const number = p.passport?.number && PASSPORT_NUMBER_PATTERN.test(p.passport.number) ? p.passport.number : null;
  const typed = normalizeClient({
    kind: 'person',
    lastName: p.lastName,
    firstName: p.firstName,
    middleName: p.middleName ?? null,
    birthDate: p.birthDate ?? null,
    passport: { series: number ? series : null, number: series ? number : null, issuedAt: p.passport?.issuedAt ?? null, issuer: p.passport?.issuer ?? null, unitCode: null },
    address: extra.address,
    phone: extra.phone ?? null,
    email: extra.email ?? null,
  }) as ClientFields;
  const hasPassport = !!typed.passport?.number;
  let row: ClientRow | undefined;
  if (hasPassport) [row] = await q.query<ClientRow>(`SELECT *, '' AS agent_fio FROM clients WHERE agent_id = $1 AND passport_series = $2 AND passport_number = $3 FOR UPDATE`, [agentId, typed.passport!.series, typed.passport!.number]);
  if (!row && linked) {
    [row] = await q.query<ClientRow>(
      `SELECT *, '' AS agent_fio FROM clients WHERE id = $1 AND agent_id = $2 AND kind = 'person' AND (passport_number IS NULL OR ($3::text IS NULL OR passport_number = $3)) FOR UPDATE`,
      [linked, agentId, typed.passport?.number ?? null],
    );
  }
  if (!row && typed.birthDate) {
    [row] = await q.query<ClientRow>(
      `SELECT *, '' AS agent_fio FROM clients WHERE agent_id = $1 AND kind = 'person' AND last_name = $2 AND first_name = $3 AND middle_name IS NOT DISTINCT FROM $4 AND birth_date = $5
          AND (passport_number IS NULL OR $6::text IS NULL OR passport_number = $6) ORDER BY created_at, id LIMIT 1 FOR UPDATE`,
      [agentId, typed.lastName, typed.firstName, typed.middleName, typed.birthDate, typed.passport?.number ?? null],
    );
  }
  if (row) {
    const before = fieldsOf(toClient(row));
    const after = fill(before, typed);
    if (JSON.stringify(clientColumns(after)) !== JSON.stringify(clientColumns(before))) await updateRow(q, 'clients', row.id, clientColumns(after));
    return row.id;
  }
  const id = newId();
  // Two contracts of one passport saved at once: the unique index keeps one; the other finds it.
  const inserted = await q.query<{ id: string }>(
    `INSERT INTO clients (id, agent_id, created_by, ${Object.keys(clientColumns(typed)).join(', ')})
     VALUES ($1, $2, $3, ${Object.keys(clientColumns(typed)).map((_, i) => `$${i + 4}`).join(', ')})
     ON CONFLICT DO NOTHING RETURNING id`,
    [id, agentId, createdBy, ...Object.values(clientColumns(fill(EMPTY, typed)))],
  );
  if (inserted.length) return id;
  const [other] = await q.query<{ id: string }>('SELECT id FROM clients WHERE agent_id = $1 AND passport_series = $2 AND passport_number = $3', [agentId, typed.passport!.series, typed.passport!.number]);
  return other?.id ?? null;
}

async function upsertVehicle(q: Queryable, agentId: string, ownerId: string, d: Partial<EosagoContractDetails['vehicle']> | undefined, calc: OsagoCalculateRequest | null, linked: string | null): Promise<string | null> {
  if (!d) return null;
  const typed = normalizeVehicle({
    make: d.make ?? null,
    model: d.model ?? null,
    year: d.year ?? calc?.vehicle.year ?? null,
    vin: d.vin ?? null,
    bodyNumber: d.bodyNumber ?? null,
    plate: d.plate ?? null,
    powerHp: calc?.vehicle.powerHp ? Math.round(calc.vehicle.powerHp) : null,
    category: (calc?.vehicle.category as VehicleCategory | undefined) ?? null,
    document: d.document ? { type: d.document.type ?? null, series: d.document.series ?? null, number: d.document.number ?? null, issuedAt: d.document.issuedAt ?? null } : null,
  }) as VehicleFieldsInput;
  // A malformed VIN or plate is no key (and not kept): the contract's own check names it.
  if (typed.vin && !VIN_PATTERN.test(typed.vin)) typed.vin = null;
  if (typed.plate && !PLATE_PATTERN.test(typed.plate)) typed.plate = null;
  if (blank(typed.make) && !typed.vin && !typed.plate) return null;
  const find = async (where: string, value: unknown) =>
    (await q.query<{ id: string }>(`SELECT id FROM vehicles WHERE agent_id = $1 AND ${where} ORDER BY created_at, id LIMIT 1 FOR UPDATE`, [agentId, value]))[0]?.id ?? null;
  const found =
    (typed.vin && (await find('vin = $2', typed.vin))) ||
    (typed.plate && (await find('plate = $2', typed.plate))) ||
    (typed.bodyNumber && (await find('body_number = $2', typed.bodyNumber))) ||
    (linked && (await find('id = $2', linked))) ||
    null;
  if (found) {
    const [r] = await q.query<Record<string, unknown>>('SELECT * FROM vehicles WHERE id = $1', [found]);
    const before: VehicleFieldsInput = {
      make: r.make as string | null,
      model: r.model as string | null,
      year: r.year as number | null,
      vin: r.vin as string | null,
      bodyNumber: r.body_number as string | null,
      plate: r.plate as string | null,
      powerHp: r.power_hp as number | null,
      category: r.category as VehicleCategory | null,
      document: r.doc_type || r.doc_number ? { type: r.doc_type as never, series: r.doc_series as string | null, number: r.doc_number as string | null, issuedAt: r.doc_issued_at as string | null } : null,
    };
    const after = fill(before, typed);
    // The VIN of another record of the agent is not taken over (one vehicle per VIN).
    if (after.vin && after.vin !== before.vin && (await find('vin = $2', after.vin))) after.vin = before.vin;
    await updateRow(q, 'vehicles', found, { ...vehicleColumns(after), client_id: ownerId });
    return found;
  }
  const id = newId();
  await insertRow(q, 'vehicles', { id, agent_id: agentId, client_id: ownerId, ...vehicleColumns(typed) });
  return id;
}

/**
 * Writes the contract's owner, insurant and vehicle into the agent's records and links the contract
 * (the rules above). Answers the links and the clients written.
 */
export async function linkContractRecords(q: Queryable, contractId: string, by: string): Promise<Linked> {
  const [c] = await q.query<{ agent_id: string; details: Partial<EosagoContractDetails> | null; calculation: OsagoCalculateRequest | null; client_id: string | null; vehicle_id: string | null }>(
    'SELECT agent_id, details, calculation, client_id, vehicle_id FROM contracts WHERE id = $1',
    [contractId],
  );
  if (!c) return { clientId: null, vehicleId: null, changed: [] };
  const d = c.details ?? {};
  const separateInsurant = d.insurantIsOwner === false;
  // The owner's address: the calculation's suggestion (with the parts the rating read) when it is the one typed.
  const calcAddress = c.calculation?.owner?.address;
  const ownerAddress = blank(d.owner?.address) ? null : { value: d.owner!.address!, data: calcAddress && calcAddress.value === d.owner!.address ? (calcAddress.data as Record<string, string | null>) : null };
  const contacts = { phone: d.contacts?.phone ?? null, email: d.contacts?.email ?? null };
  const [linkedOwner] = c.vehicle_id ? await q.query<{ client_id: string }>('SELECT client_id FROM vehicles WHERE id = $1', [c.vehicle_id]) : [];
  const ownerId = await upsertPerson(q, c.agent_id, by, d.owner, { address: ownerAddress, ...(separateInsurant ? {} : contacts) }, separateInsurant ? (linkedOwner?.client_id ?? null) : c.client_id);
  const insurantId = separateInsurant
    ? await upsertPerson(q, c.agent_id, by, d.insurant, { address: blank(d.insurant?.address) ? null : { value: d.insurant!.address!, data: null }, ...contacts }, c.client_id)
    : ownerId;
  const vehicleId = ownerId ? await upsertVehicle(q, c.agent_id, ownerId, d.vehicle, c.calculation, c.vehicle_id) : null;
  const clientId = insurantId ?? c.client_id;
  if (clientId !== c.client_id || (vehicleId ?? c.vehicle_id) !== c.vehicle_id) {
    await q.query('UPDATE contracts SET client_id = $2, vehicle_id = $3 WHERE id = $1', [contractId, clientId, vehicleId ?? c.vehicle_id]);
  }
  return { clientId, vehicleId: vehicleId ?? c.vehicle_id, changed: [...new Set([ownerId, insurantId].filter((x): x is string => !!x))] };
}

/**
 * The same for an e-KASKO contract: its insurant (with the contacts) is the client, and the calculation's
 * car (make, model, year, plate; the VIN of the calculation or the details) their vehicle — the rules
 * above, the insurant as the car's owner.
 */
export async function linkKaskoRecords(q: Queryable, contractId: string, by: string): Promise<Linked> {
  const [c] = await q.query<{ agent_id: string; details: Partial<KaskoContractDetails> | null; calculation: KaskoCalculateRequest | null; client_id: string | null; vehicle_id: string | null }>(
    'SELECT agent_id, details, calculation, client_id, vehicle_id FROM contracts WHERE id = $1',
    [contractId],
  );
  if (!c?.calculation) return { clientId: null, vehicleId: null, changed: [] };
  const d = c.details ?? {};
  const address = blank(d.insurant?.address) ? null : { value: d.insurant!.address!, data: null };
  const clientId = await upsertPerson(q, c.agent_id, by, d.insurant, { address, phone: d.contacts?.phone ?? null, email: d.contacts?.email ?? null }, c.client_id);
  const car = c.calculation.vehicle;
  const vehicle = { make: car.make, model: car.model, year: car.year, plate: car.plate ?? '', vin: kaskoVin(d, c.calculation) ?? '' };
  const vehicleId = clientId ? await upsertVehicle(q, c.agent_id, clientId, vehicle, null, c.vehicle_id) : null;
  const next = { clientId: clientId ?? c.client_id, vehicleId: vehicleId ?? c.vehicle_id };
  if (next.clientId !== c.client_id || next.vehicleId !== c.vehicle_id) await q.query('UPDATE contracts SET client_id = $2, vehicle_id = $3 WHERE id = $1', [contractId, next.clientId, next.vehicleId]);
  return { ...next, changed: clientId ? [clientId] : [] };
}

/**
 * The same for a mortgage contract: its insurant (borrower 1, with the passport and the contacts) is the
 * client — the rules above; a mortgage has no vehicle.
 */
export async function linkMortgageRecords(q: Queryable, contractId: string, by: string): Promise<Linked> {
  const [c] = await q.query<{ agent_id: string; details: Partial<MortgageContractDetails> | null; client_id: string | null; vehicle_id: string | null }>('SELECT agent_id, details, client_id, vehicle_id FROM contracts WHERE id = $1', [contractId]);
  if (!c) return { clientId: null, vehicleId: null, changed: [] };
  const d = c.details ?? {};
  const clientId = await upsertPerson(q, c.agent_id, by, d.insurant as Partial<ContractPerson> | undefined, { address: null, phone: d.contacts?.phone ?? null, email: d.contacts?.email ?? null }, c.client_id);
  if (clientId && clientId !== c.client_id) await q.query('UPDATE contracts SET client_id = $2 WHERE id = $1', [contractId, clientId]);
  return { clientId: clientId ?? c.client_id, vehicleId: c.vehicle_id, changed: clientId ? [clientId] : [] };
}

/**
 * A policy entered by hand: the insurant picked from the agent's client records (details.insurant.clientId)
 * is the contract's client — a record of another agent is a 400 naming the field; a name typed instead
 * unlinks it. For a vehicle's policy the car typed (make, model, plate, VIN) joins the picked client's
 * vehicles by the rules above.
 */
export async function linkManualRecords(q: Queryable, contractId: string): Promise<Linked> {
  const [c] = await q.query<{ agent_id: string; details: Partial<ManualDetails> | null; calculation: ManualCalculation | null; client_id: string | null; vehicle_id: string | null }>(
    'SELECT agent_id, details, calculation, client_id, vehicle_id FROM contracts WHERE id = $1',
    [contractId],
  );
  if (!c) return { clientId: null, vehicleId: null, changed: [] };
  const d = c.details ?? {};
  const picked = d.insurant?.clientId ?? null;
  if (picked) {
    const [own] = await q.query<{ id: string }>('SELECT id FROM clients WHERE id = $1 AND agent_id = $2', [picked, c.agent_id]);
    if (!own) throw validationError('Поле «details.insurant.clientId»: такого клиента нет среди клиентов агента', 'details.insurant.clientId');
  }
  const o = d.object;
  const car = picked && o && c.calculation && MANUAL_OBJECT_OF[c.calculation.kind] === 'vehicle' ? { make: o.make ?? '', model: o.model ?? '', plate: o.plate ?? '', vin: o.vin ? o.vin.toUpperCase() : '' } : null;
  const vehicleId = car ? await upsertVehicle(q, c.agent_id, picked!, car, null, c.vehicle_id) : null;
  const next = { clientId: picked, vehicleId: picked ? (vehicleId ?? c.vehicle_id) : null };
  if (next.clientId !== c.client_id || next.vehicleId !== c.vehicle_id) await q.query('UPDATE contracts SET client_id = $2, vehicle_id = $3 WHERE id = $1', [contractId, next.clientId, next.vehicleId]);
  // Both the client linked now and the one unlinked (another picked, or a name typed) see their lists change.
  return { ...next, changed: [...new Set([picked, c.client_id].filter((x): x is string => !!x))] };
}
