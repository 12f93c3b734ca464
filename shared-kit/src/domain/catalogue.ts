/** The product catalogue of spec §1, §2 and §9: what the home tabs and the showcase offer. */

export interface SaleChannel {
  /** e.g. 'до 25%' or '10% + бонус'. */
  commission: string;
  /** e.g. '10 мин' or 'до 16 р.ч.'. */
  time: string;
  /** Path under /app/. */
  link: string;
}

export interface IndividualProduct {
  code: string;
  title: string;
  description: string;
  online?: SaleChannel;
  broker: SaleChannel;
}

export interface IndividualGroup {
  key: 'auto' | 'property' | 'medicine' | 'life' | 'misc';
  title: string;
  products: IndividualProduct[];
}

const online = (code: string, commission: string, time: string): SaleChannel => ({
  commission,
  time,
  link: `/new-${code}`,
});
const broker = (code: string, commission: string, time: string): SaleChannel => ({
  commission,
  time,
  link: `/new-request-broker/${code}`,
});

/** Products for natural persons and entrepreneurs (home tab 1, 5-column grid). */
export const INDIVIDUAL_CATALOGUE: IndividualGroup[] = [
  {
    key: 'auto',
    title: 'Авто',
    products: [
      { code: 'eosago', title: 'Е-ОСАГО', description: 'Электронный полис ОСАГО', online: online('eosago', '10% + бонус', '3 мин'), broker: broker('eosago', '10% + бонус', 'до 2 р.ч.') },
      { code: 'ekasko', title: 'Е-КАСКО', description: 'Добровольное страхование автомобиля', online: online('ekasko', 'до 25%', '10 мин'), broker: broker('ekasko', 'до 25%', 'до 16 р.ч.') },
      { code: 'dsago', title: 'ДСАГО', description: 'Добровольное страхование автогражданской ответственности', broker: broker('dsago', 'до 20%', 'до 4 р.ч.') },
    ],
  },
  {
    key: 'property',
    title: 'Имущество',
    products: [
      { code: 'ipoteka', title: 'Ипотека', description: 'Страхование при ипотечном кредитовании', online: online('ipoteka', 'до 60%', '3 мин'), broker: broker('ipoteka', 'до 50%', 'до 4 р.ч.') },
      { code: 'ifl', title: 'ИФЛ — квартира', description: 'Страхование квартиры', online: online('ifl', 'до 32%', '3 мин'), broker: broker('ifl', 'до 32%', 'до 2 р.ч.') },
      { code: 'ifl_house', title: 'ИФЛ — дом', description: 'Страхование дома', online: online('ifl_house', 'до 32%', '3 мин'), broker: broker('ifl_house', 'до 32%', 'до 2 р.ч.') },
    ],
  },
  {
    key: 'medicine',
    title: 'Медицина',
    products: [
      { code: 'dms', title: 'ДМС', description: 'Добровольное медицинское страхование', broker: broker('dms', 'до 25%', 'до 2 р.ч.') },
      { code: 'lpu', title: 'ЛПУ', description: 'Договоры с медицинскими учреждениями', broker: broker('lpu', 'до 25%', 'до 16 р.ч.') },
      { code: 'critical', title: 'Онко', description: 'Страхование от критических заболеваний', broker: broker('critical', 'до 25%', 'до 16 р.ч.') },
    ],
  },
  {
    key: 'life',
    title: 'Жизнь',
    products: [
      { code: 'ns', title: 'НС', description: 'Страхование от несчастных случаев', broker: broker('ns', 'до 25%', 'до 1 р.ч.') },
      { code: 'nsg', title: 'НСЖ', description: 'Накопительное страхование жизни', broker: broker('nsg', 'до 10%', 'до 16 р.ч.') },
      { code: 'isg', title: 'ИСЖ', description: 'Инвестиционное страхование жизни', broker: broker('isg', 'до 10%', 'до 16 р.ч.') },
    ],
  },
  {
    key: 'misc',
    title: 'Разное',
    products: [
      { code: 'vzr', title: 'ВЗР', description: 'Страхование выезжающих за рубеж', online: online('vzr', 'до 12%', '3 мин'), broker: broker('vzr', 'до 12%', 'до 1 р.ч.') },
      { code: 'go_fl', title: 'ГО ФЛ', description: 'Гражданская ответственность физических лиц', broker: broker('go_fl', 'до 32%', 'до 16 р.ч.') },
      { code: 'other', title: 'Другое', description: 'Любой другой вид страхования', broker: broker('other', 'X%', 'до 16 р.ч.') },
    ],
  },
];

export interface CompanyProduct {
  code: string;
  title: string;
  maxPercent: number;
  maxHours: number;
}
export interface CompanyGroup {
  title: string;
  products: CompanyProduct[];
}

/** Legal-entity broker catalogue of §9 (home tab 2, 4-column grid). */
export const COMPANY_CATALOGUE: CompanyGroup[] = [
  { title: 'Авто', products: [
    { code: 'osgop_yl', title: 'ОСГОП', maxPercent: 8, maxHours: 16 },
    { code: 'eosago_a_yl', title: 'Е-ОСАГО', maxPercent: 25, maxHours: 2 },
    { code: 'ekasko_a_yl', title: 'Е-КАСКО', maxPercent: 25, maxHours: 2 },
    { code: 'spectechnika_a_yl', title: 'Спецтехника', maxPercent: 20, maxHours: 24 },
  ] },
  { title: 'Сельхоз', products: [
    { code: 'yroghay_yl', title: 'Урожай', maxPercent: 15, maxHours: 24 },
    { code: 'sh_animal_yl', title: 'Животные', maxPercent: 15, maxHours: 24 },
    { code: 'sh_technika_yl', title: 'С/Х техника', maxPercent: 15, maxHours: 24 },
  ] },
  { title: 'Авиация', products: [
    { code: 'ekasko_avia_yl', title: 'КАСКО', maxPercent: 36, maxHours: 24 },
    { code: 'go_avia_yl', title: 'ГО', maxPercent: 20, maxHours: 24 },
  ] },
  { title: 'Море', products: [
    { code: 'ekasko_mor_yl', title: 'КАСКО', maxPercent: 20, maxHours: 24 },
    { code: 'go_mor_yl', title: 'P&I (ГО)', maxPercent: 20, maxHours: 24 },
  ] },
  { title: 'Имущество', products: [{ code: 'iyl_yl', title: 'ИЮЛ', maxPercent: 20, maxHours: 24 }] },
  { title: 'Жизнь и здоровье', products: [
    { code: 'dms_yl', title: 'ДМС', maxPercent: 12, maxHours: 24 },
    { code: 'ns_yl', title: 'НС', maxPercent: 25, maxHours: 2 },
  ] },
  { title: 'Бизнес', products: [
    { code: 'gr_yl', title: 'Грузы', maxPercent: 20, maxHours: 24 },
    { code: 'smr_yl', title: 'СМР', maxPercent: 20, maxHours: 24 },
    { code: 'predpr_yl', title: 'Финриск', maxPercent: 20, maxHours: 24 },
  ] },
  { title: 'ГО', products: [
    { code: 'go_yl', title: 'ЮЛ', maxPercent: 20, maxHours: 24 },
    { code: 'osopo_yl', title: 'ОСОПО', maxPercent: 8, maxHours: 16 },
    { code: 'go_do_yl', title: 'D&O', maxPercent: 20, maxHours: 24 },
  ] },
];

export const BROKER_POLICY_BONUS = '+10 за полис';

/** §9: each legal-entity product shows three items. */
export function companyProductItems(p: CompanyProduct): [string, string, string] {
  return [BROKER_POLICY_BONUS, `до ${p.maxPercent}%`, `до ${p.maxHours} р.ч.`];
}

export function companyProductLink(p: CompanyProduct): string {
  return `/new-request-broker/${p.code}`;
}

export const HOME_TABS = {
  individuals: 'Физическим лицам и ИП',
  companies: 'Юридическим лицам',
} as const;

/** A quick-link card of the showcase «Новый полис» (spec §2, commissions of §9 «Quick-link commissions»). */
export interface QuickLink {
  code: string;
  title: string;
  /** What the card says of the commission (hidden for sub-agents, §6). */
  commission: string;
  /** Path under /app/. */
  link: string;
  /** The e-KASKO card is highlighted with its tip (§2). */
  tip?: string;
  /** §3 quick-link item: the how-to and the selling instruction (PDF) and a video, where the product has them. */
  howto?: string;
  sell?: string;
  urlVideo?: string;
}

/**
 * The instructions the showcase links to: the academy's lesson PDFs of the media library (served at
 * /media/courses/…, written by the learning demo content). Products without a guide have none.
 */
const GUIDE = (file: string) => `/media/courses/${file}`;

/** §2: «when selling e-OSAGO, offer KASKO, since every 7th client chooses comprehensive protection» (the spec gives it in English; the Russian is ours). */
export const KASKO_TIP = 'Продаёте Е-ОСАГО — предложите и Е-КАСКО: каждый 7-й клиент выбирает полную защиту';

/** FL tab: e-OSAGO, e-KASKO, Mortgage, VZR, IFL apartment, IFL house — each to its online calculator. */
export const INDIVIDUAL_QUICK_LINKS: readonly QuickLink[] = [
  { code: 'eosago', title: 'Е-ОСАГО', commission: 'КВ + бонус', link: '/new-eosago', howto: GUIDE('demo-osago-02-checklist.pdf'), sell: GUIDE('demo-osago-03-objections.pdf') },
  { code: 'ekasko', title: 'Е-КАСКО', commission: 'до 25%', link: '/new-ekasko', tip: KASKO_TIP },
  { code: 'ipoteka', title: 'Ипотека', commission: 'до 60%', link: '/new-ipoteka', howto: GUIDE('demo-ipoteka-02-documents.pdf'), sell: GUIDE('demo-ipoteka-01-risks.pdf') },
  { code: 'vzr', title: 'ВЗР', commission: 'до 12%', link: '/new-vzr' },
  { code: 'ifl', title: 'ИФЛ — квартира', commission: 'до 32%', link: '/new-ifl' },
  { code: 'ifl_house', title: 'ИФЛ — дом', commission: 'до 32%', link: '/new-ifl_house' },
];

/**
 * YL tab: three broker quick-link cards (§2). §9 names the commissions of two legal-entity quick links
 * (e-OSAGO 10% + бонус, property up to 20%); the third is e-KASKO for legal entities at its catalogue rate.
 */
export const COMPANY_QUICK_LINKS: readonly QuickLink[] = [
  { code: 'eosago_a_yl', title: 'Е-ОСАГО для юрлиц', commission: '10% + бонус', link: '/new-request-broker/eosago_a_yl' },
  { code: 'ekasko_a_yl', title: 'Е-КАСКО для юрлиц', commission: 'до 25%', link: '/new-request-broker/ekasko_a_yl' },
  { code: 'iyl_yl', title: 'Имущество юрлиц', commission: 'до 20%', link: '/new-request-broker/iyl_yl' },
];
