import { newId, type Queryable } from '../platform/db.js';
import { seedPartners } from './partners-seed.js';

/** Demo reference data: insurers, the product catalogue rows and the small dictionaries. */
const COMPANIES: [string, string][] = [
  ['ingos', 'Ингосстрах'], ['reso', 'РЕСО-Гарантия'], ['alfa', 'АльфаСтрахование'],
  ['sogaz', 'СОГАЗ'], ['renins', 'Ренессанс Страхование'], ['vsk', 'ВСК'],
];

const PRODUCTS: [string, string, string, string][] = [
  ['eosago', 'eosago', 'Е-ОСАГО', 'Электронный полис ОСАГО за 3 минуты'],
  ['ekasko', 'ekasko', 'Е-КАСКО', 'Добровольное страхование автомобиля'],
  ['dsago', 'dsago', 'ДСАГО', 'Добровольная автогражданская ответственность'],
  ['ipoteka', 'ipoteka', 'Ипотека', 'Страхование при ипотечном кредите'],
  ['ifl', 'ifl', 'Имущество ФЛ — квартира', 'Страхование квартиры'],
  ['ifl_house', 'ifl_house', 'Имущество ФЛ — дом', 'Страхование дома'],
  ['dms', 'dms', 'ДМС', 'Добровольное медицинское страхование'],
  ['lpu', 'lpu', 'ЛПУ', 'Договоры с лечебными учреждениями'],
  ['critical', 'critical', 'Критические заболевания (ОНКО)', 'Страхование от критических заболеваний'],
  ['ns', 'ns', 'Несчастный случай', 'Страхование от несчастных случаев'],
  ['nsg', 'nsg', 'НСЖ', 'Накопительное страхование жизни'],
  ['isg', 'isg', 'ИСЖ', 'Инвестиционное страхование жизни'],
  ['vzr', 'vzr', 'ВЗР', 'Страхование выезжающих за рубеж'],
  ['go_fl', 'go_fl', 'ГО ФЛ', 'Гражданская ответственность физических лиц'],
  ['other', 'other', 'Другое', 'Иные виды страхования'],
];

const DICTIONARIES: [string, string, [string, string][]][] = [
  ['origin', 'opf', [['FL', 'Физическое лицо'], ['IP', 'Индивидуальный предприниматель'], ['SZ', 'Самозанятый'], ['YL', 'Юридическое лицо']]],
  ['origin', 'agent-status', [['0', 'Активен'], ['1', 'Заблокирован']]],
  ['origin', 'rating-level', [['1', 'Агент'], ['2', 'Эксперт'], ['3', 'Брокер']]],
  ['origin', 'order-options', [['ЧГ', 'ЧГ'], ['ЧГЭ', 'ЧГЭ'], ['ЧБ', 'ЧБ'], ['ИП', 'ИП']]],
];

export async function seedReference(q: Queryable) {
  for (const [idUnicus, shortName] of COMPANIES) {
    await q.query('INSERT INTO companies (id, id_unicus, short_name) VALUES ($1, $2, $3)', [newId(), idUnicus, shortName]);
  }
  await seedPartners(q);
  for (const [i, [id, name, visible, description]] of PRODUCTS.entries()) {
    await q.query('INSERT INTO products (id, name, visible_name, description, sort) VALUES ($1, $2, $3, $4, $5)', [id, name, visible, description, i]);
  }
  for (const [type, name, options] of DICTIONARIES) {
    for (const [i, [optionId, optionName]] of options.entries()) {
      await q.query('INSERT INTO dictionaries (type, name, option_id, option_name, sort) VALUES ($1, $2, $3, $4, $5)', [type, name, optionId, optionName, i]);
    }
  }
}
