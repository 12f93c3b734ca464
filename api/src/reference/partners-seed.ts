import { withAccountKey, withInnControl, type ProductCode } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { DEMO_INSURERS } from '../sales/insurers/demo.js';

/**
 * Demo partners' cards: the demo insurers' details (demo values with valid control digits, not the
 * registers' entries of the companies whose names the demo borrows), the products their adapters sell,
 * a contact each, and their tariff mapping (one open-ended period per product from 01.01.2025); plus a
 * mortgage bank and an agency, which are partners but not insurers (init-state lists only insurers).
 */
const DEMO_BIK = '044525225';
const CORR = '30101810400000000225';

const TARIFF_PREFIX: Record<ProductCode, string> = { eosago: 'OSG', ekasko: 'KSK', ifl: 'IFL', ifl_house: 'IFH', vzr: 'VZR', ipoteka: 'IPT', manual: 'MAN' };
/** The demo insurers' tariff codes: `<CODE>-<PRODUCT>-2025`. */
export const demoTariffCode = (insurer: string, product: ProductCode) => `${insurer.toUpperCase()}-${TARIFF_PREFIX[product]}-2025`;
export const DEMO_TARIFFS_FROM = '2025-01-01';

export async function seedPartners(q: Queryable) {
  const companies = await q.query<{ id: string; id_unicus: string; short_name: string }>('SELECT id, id_unicus, short_name FROM companies ORDER BY id_unicus');
  for (const [i, c] of companies.entries()) {
    const insurer = DEMO_INSURERS.find((d) => d.code === c.id_unicus);
    const inn = withInnControl(String(770_100_000 + i * 1_111).padStart(9, '0'));
    await q.query(
      `UPDATE companies SET kind = 'insurer', legal_name = $2, inn = $3, kpp = '770101001', ogrn = $4, address = $5,
         bank_bik = $6, bank_name = 'ПАО Сбербанк', bank_account = $7, bank_corr_account = $8, products = $9::text[], contacts = $10::jsonb, updated_at = now()
       WHERE id = $1`,
      [
        c.id,
        `Акционерное общество «${c.short_name}» (демо)`,
        inn,
        `10277000${String(10_000 + i).padStart(5, '0')}`,
        `г. Москва, ул. Демонстрационная, д. ${i + 1}`,
        DEMO_BIK,
        withAccountKey(`407028100380000${String(i).padStart(5, '0')}`, DEMO_BIK),
        CORR,
        insurer ? [...insurer.products] : [],
        JSON.stringify([{ name: 'Отдел по работе с партнёрами', position: 'Партнёрский канал', phone: '+7 (495) 000-00-0' + i, email: `partners@${c.id_unicus}.example` }]),
      ],
    );
    for (const product of insurer?.products ?? []) {
      await q.query(
        `INSERT INTO tariff_mappings (id, company_id, product, tariff_code, insurer_product_code, valid_from) VALUES ($1, $2, $3, $4, $5, $6::date)`,
        [newId(), c.id, product, demoTariffCode(c.id_unicus, product), `${TARIFF_PREFIX[product]}`, DEMO_TARIFFS_FROM],
      );
    }
  }
  const others: [string, 'bank' | 'agency', string, string, ProductCode[]][] = [
    ['demobank', 'bank', 'Демо Ипотечный Банк', 'Публичное акционерное общество «Демо Ипотечный Банк»', ['ipoteka']],
    ['demoagency', 'agency', 'Агентство «Демо-Партнёр»', 'Общество с ограниченной ответственностью «Демо-Партнёр»', ['eosago', 'ekasko']],
  ];
  for (const [i, [code, kind, shortName, legalName, products]] of others.entries()) {
    const id = newId();
    await q.query(
      `INSERT INTO companies (id, id_unicus, kind, short_name, legal_name, inn, kpp, address, products, contacts, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, '770201001', $7, $8::text[], $9::jsonb, now())`,
      [id, code, kind, shortName, legalName, withInnControl(String(771_200_000 + i * 37).padStart(9, '0')), `г. Москва, пр. Партнёрский, д. ${i + 10}`, products, JSON.stringify([{ name: 'Иванова Мария', position: 'Менеджер', phone: '+7 (495) 111-22-3' + i, email: `info@${code}.example` }])],
    );
    if (kind === 'bank') {
      for (const name of ['Кредитный договор', 'Отчёт об оценке']) await q.query('INSERT INTO company_file_types (id, company_id, name) VALUES ($1, $2, $3)', [newId(), id, name]);
    }
  }
}
