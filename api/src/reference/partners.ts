import {
  PARTNER_TEXTS,
  type Partner,
  type PartnerContact,
  type PartnerInput,
  type PartnerKind,
  type PartnerListItem,
  type ProductCode,
  type TariffMapping,
  type TariffMappingInput,
} from '@oyster/shared-kit/domain';
import { recordAudit } from '../platform/audit.js';
import { newId, type Queryable } from '../platform/db.js';
import { notFoundError, validationError } from '../platform/errors.js';

/**
 * Partners (Управление: `add_partner/`, `edit_partner/{id}`) are rows of `companies` (migration 33): what is
 * edited here is what init-state's insurers, `file-list-company` and the calculators read. The file types a
 * partner accepts are company_file_types (kept by name: a type already attached to contracts keeps its id).
 * Tariff mapping: an insurer's own codes for our product, per period (tariff_mappings); the adapters' requests
 * carry the code in force on the quote's day (tariffsInForce). Every change is recorded in the audit log in
 * its transaction; the caller drops the reference cache after it.
 */

type CompanyRow = {
  id: string;
  id_unicus: string;
  kind: PartnerKind;
  short_name: string;
  legal_name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  bank_bik: string;
  bank_name: string;
  bank_account: string;
  bank_corr_account: string;
  products: ProductCode[];
  contacts: PartnerContact[];
  updated_at: Date | string | null;
};

const COLUMNS = `id, id_unicus, kind, short_name, legal_name, inn, kpp, ogrn, address, bank_bik, bank_name, bank_account,
  bank_corr_account, products, contacts, updated_at`;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

async function fileTypesOf(q: Queryable, companyId: string) {
  const rows = await q.query<{ id: string; name: string }>('SELECT id, name FROM company_file_types WHERE company_id = $1', [companyId]);
  return rows.map((r) => ({ _id: r.id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name, 'ru'));
}

function toWire(r: CompanyRow, fileTypes: Partner['fileTypes']): Partner {
  return {
    _id: r.id,
    code: r.id_unicus,
    kind: r.kind,
    shortName: r.short_name,
    legalName: r.legal_name,
    inn: r.inn,
    kpp: r.kpp,
    ogrn: r.ogrn,
    address: r.address,
    bank: { bik: r.bank_bik, name: r.bank_name, account: r.bank_account, correspondentAccount: r.bank_corr_account },
    products: r.products ?? [],
    contacts: (typeof r.contacts === 'string' ? JSON.parse(r.contacts) : r.contacts) ?? [],
    fileTypes,
    updatedAt: iso(r.updated_at),
  };
}

/** Every partner, insurers first, then by name. */
export async function listPartners(q: Queryable, f: { kind?: PartnerKind } = {}): Promise<PartnerListItem[]> {
  const rows = await q.query<CompanyRow & { file_types: number }>(
    `SELECT ${COLUMNS}, (SELECT count(*)::int FROM company_file_types t WHERE t.company_id = c.id) AS file_types
       FROM companies c ${f.kind ? 'WHERE kind = $1' : ''}
      ORDER BY kind = 'insurer' DESC, short_name`,
    f.kind ? [f.kind] : [],
  );
  return rows.map((r) => ({ _id: r.id, code: r.id_unicus, kind: r.kind, shortName: r.short_name, legalName: r.legal_name, inn: r.inn, products: r.products ?? [], fileTypesCount: r.file_types }));
}

export async function getPartner(q: Queryable, id: string, lock = false): Promise<Partner> {
  const [row] = await q.query<CompanyRow>(`SELECT ${COLUMNS} FROM companies WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row) throw notFoundError(PARTNER_TEXTS.notFound);
  return toWire(row, await fileTypesOf(q, id));
}

/** What the audit log keeps of a partner: its fields, the file types by name. */
const auditView = (p: Partner) => {
  const { _id, updatedAt, fileTypes, ...rest } = p;
  void _id;
  void updatedAt;
  return { ...rest, fileTypes: fileTypes.map((t) => t.name) };
};

const values = (p: PartnerInput) => [
  p.kind, p.shortName, p.legalName, p.inn, p.kpp, p.ogrn, p.address, p.bank.bik, p.bank.name, p.bank.account, p.bank.correspondentAccount, p.products, JSON.stringify(p.contacts),
];

/** The file types by name: the ones gone are removed (attached files keep their type's name), new ones added. */
async function saveFileTypes(q: Queryable, companyId: string, names: string[]) {
  await q.query('DELETE FROM company_file_types WHERE company_id = $1 AND NOT (name = ANY($2::text[]))', [companyId, names]);
  for (const name of names) {
    await q.query('INSERT INTO company_file_types (id, company_id, name) VALUES ($1, $2, $3) ON CONFLICT (company_id, name) DO NOTHING', [newId(), companyId, name]);
  }
}

export async function createPartner(q: Queryable, input: PartnerInput, actorId: string): Promise<string> {
  const [taken] = await q.query('SELECT 1 FROM companies WHERE id_unicus = $1', [input.code]);
  if (taken) throw validationError(PARTNER_TEXTS.codeTaken, 'code');
  const id = newId();
  await q.query(
    `INSERT INTO companies (id, id_unicus, kind, short_name, legal_name, inn, kpp, ogrn, address, bank_bik, bank_name, bank_account,
       bank_corr_account, products, contacts, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::text[], $15::jsonb, now())`,
    [id, input.code, ...values(input)],
  );
  await saveFileTypes(q, id, input.fileTypes);
  await recordAudit(q, { actorId, action: 'create', objectType: 'partner', objectId: id, before: null, after: auditView(await getPartner(q, id)) });
  return id;
}

export async function updatePartner(q: Queryable, id: string, input: PartnerInput, actorId: string): Promise<void> {
  const before = await getPartner(q, id, true);
  if (input.code !== before.code) throw validationError('Поле «code»: код партнёра не меняется (по нему адаптер страховщика узнаёт компанию)', 'code');
  await q.query(
    `UPDATE companies SET kind = $2, short_name = $3, legal_name = $4, inn = $5, kpp = $6, ogrn = $7, address = $8, bank_bik = $9,
       bank_name = $10, bank_account = $11, bank_corr_account = $12, products = $13::text[], contacts = $14::jsonb, updated_at = now()
     WHERE id = $1`,
    [id, ...values(input)],
  );
  await saveFileTypes(q, id, input.fileTypes);
  await recordAudit(q, { actorId, action: 'update', objectType: 'partner', objectId: id, before: auditView(before), after: auditView(await getPartner(q, id)) });
}

// ── Tariff mapping ──────────────────────────────────────────────────────────────────────────────────────

type MappingRow = {
  id: string;
  company_id: string;
  company_name: string;
  product: ProductCode;
  tariff_code: string;
  insurer_product_code: string;
  valid_from: string;
  valid_to: string | null;
};

const MAPPING_SELECT = `SELECT m.id, m.company_id, c.short_name AS company_name, m.product, m.tariff_code, m.insurer_product_code,
  m.valid_from::text AS valid_from, m.valid_to::text AS valid_to
  FROM tariff_mappings m JOIN companies c ON c.id = m.company_id`;

const mappingWire = (r: MappingRow): TariffMapping => ({
  _id: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  product: r.product,
  tariffCode: r.tariff_code,
  insurerProductCode: r.insurer_product_code,
  validFrom: r.valid_from,
  validTo: r.valid_to,
});

/** The mappings, by insurer and product, the latest period first. */
export async function listTariffMappings(q: Queryable, f: { companyId?: string; product?: string }): Promise<TariffMapping[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  for (const [column, value] of [['m.company_id', f.companyId], ['m.product', f.product]] as const) {
    if (!value) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  const rows = await q.query<MappingRow>(`${MAPPING_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.short_name, m.product, m.valid_from DESC LIMIT 1000`, params);
  return rows.map(mappingWire);
}

export async function getTariffMapping(q: Queryable, id: string, lock = false): Promise<TariffMapping> {
  const [row] = await q.query<MappingRow>(`${MAPPING_SELECT} WHERE m.id = $1${lock ? ' FOR UPDATE OF m' : ''}`, [id]);
  if (!row) throw notFoundError(PARTNER_TEXTS.mappingNotFound);
  return mappingWire(row);
}

/** The insurer exists and is an insurer; the days are in order; no other period of the insurer × product overlaps. */
async function checkMapping(q: Queryable, m: TariffMappingInput, id: string | null) {
  if (m.validTo && m.validTo < m.validFrom) throw validationError(PARTNER_TEXTS.toBeforeFrom, 'validTo');
  const [company] = await q.query<{ kind: PartnerKind }>('SELECT kind FROM companies WHERE id = $1', [m.companyId]);
  if (!company) throw validationError(PARTNER_TEXTS.notFound, 'companyId');
  if (company.kind !== 'insurer') throw validationError(PARTNER_TEXTS.notInsurer, 'companyId');
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tariffs:${m.companyId}:${m.product}`]);
  const [other] = await q.query<{ from: string; to: string | null }>(
    `SELECT valid_from::text AS from, valid_to::text AS to FROM tariff_mappings
      WHERE company_id = $1 AND product = $2 AND id <> $3
        AND valid_from <= coalesce($5::date, 'infinity'::date) AND coalesce(valid_to, 'infinity'::date) >= $4::date
      ORDER BY valid_from LIMIT 1`,
    [m.companyId, m.product, id ?? '', m.validFrom, m.validTo],
  );
  if (other) throw validationError(PARTNER_TEXTS.overlaps(other.from, other.to), 'validFrom');
}

const mappingAudit = (m: TariffMapping | TariffMappingInput) => ({
  companyId: m.companyId,
  product: m.product,
  tariffCode: m.tariffCode,
  insurerProductCode: m.insurerProductCode,
  validFrom: m.validFrom,
  validTo: m.validTo,
});

export async function createTariffMapping(q: Queryable, m: TariffMappingInput, actorId: string | null): Promise<string> {
  await checkMapping(q, m, null);
  const id = newId();
  await q.query(
    `INSERT INTO tariff_mappings (id, company_id, product, tariff_code, insurer_product_code, valid_from, valid_to)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7::date)`,
    [id, m.companyId, m.product, m.tariffCode, m.insurerProductCode, m.validFrom, m.validTo],
  );
  await recordAudit(q, { actorId, action: 'create', objectType: 'tariff_mapping', objectId: id, before: null, after: mappingAudit(m) });
  return id;
}

export async function updateTariffMapping(q: Queryable, id: string, m: TariffMappingInput, actorId: string): Promise<void> {
  const before = await getTariffMapping(q, id, true);
  await checkMapping(q, m, id);
  await q.query(
    `UPDATE tariff_mappings SET company_id = $2, product = $3, tariff_code = $4, insurer_product_code = $5, valid_from = $6::date, valid_to = $7::date
      WHERE id = $1`,
    [id, m.companyId, m.product, m.tariffCode, m.insurerProductCode, m.validFrom, m.validTo],
  );
  await recordAudit(q, { actorId, action: 'update', objectType: 'tariff_mapping', objectId: id, before: mappingAudit(before), after: mappingAudit(m) });
}

export async function deleteTariffMapping(q: Queryable, id: string, actorId: string): Promise<void> {
  const before = await getTariffMapping(q, id, true);
  await q.query('DELETE FROM tariff_mappings WHERE id = $1', [id]);
  await recordAudit(q, { actorId, action: 'delete', objectType: 'tariff_mapping', objectId: id, before: mappingAudit(before), after: null });
}

/** The insurer's codes the adapter sends for a product. */
export interface InsurerTariff {
  tariffCode: string;
  productCode: string;
}

/** The mapping in force on `day` (YYYY-MM-DD) for a product, by insurer (companies.id). */
export async function tariffsInForce(q: Queryable, product: string, day: string): Promise<Map<string, InsurerTariff>> {
  const rows = await q.query<{ company_id: string; tariff_code: string; insurer_product_code: string }>(
    `SELECT company_id, tariff_code, insurer_product_code FROM tariff_mappings
      WHERE product = $1 AND valid_from <= $2::date AND (valid_to IS NULL OR valid_to >= $2::date)`,
    [product, day],
  );
  return new Map(rows.map((r) => [r.company_id, { tariffCode: r.tariff_code, productCode: r.insurer_product_code }]));
}
