import { PRODUCT_CODES, type ProductCode } from '../sales/products';

/**
 * Partners of the broker (Управление, `add_partner/`, `edit_partner/{partnerId}`): the insurers and the
 * other partners — banks (the mortgage banks), agencies — with their details, the products they offer,
 * their contacts and the file types they accept (what `file-list-company` answers). One row of
 * `companies` each: init-state's insurers, file-list-company and the calculators read what is edited here.
 */
export const PARTNER_KINDS = ['insurer', 'bank', 'agency', 'other'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
export const PARTNER_KIND_TITLES: Record<PartnerKind, string> = {
  insurer: 'Страховая компания',
  bank: 'Банк',
  agency: 'Агентство',
  other: 'Другой партнёр',
};

/** A partner's code (companies.id_unicus: the insurer adapter's name for it): Latin letters, digits, «_» and «-». */
export const PARTNER_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;

export interface PartnerContact {
  name: string;
  position: string;
  phone: string;
  email: string;
}

export interface PartnerFileType {
  _id: string;
  name: string;
}

/** A partner on the wire (GET /api/v2/partners/{id}). */
export interface Partner {
  _id: string;
  /** companies.id_unicus */
  code: string;
  kind: PartnerKind;
  shortName: string;
  legalName: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  bank: { bik: string; name: string; account: string; correspondentAccount: string };
  /** Our products it offers. */
  products: ProductCode[];
  contacts: PartnerContact[];
  fileTypes: PartnerFileType[];
  updatedAt: string | null;
}

/** What a form sends: the partner without its id and file type ids (the file types by name). */
export type PartnerInput = Omit<Partner, '_id' | 'fileTypes' | 'updatedAt'> & { fileTypes: string[] };

/** A line of the partners list. */
export type PartnerListItem = Pick<Partner, '_id' | 'code' | 'kind' | 'shortName' | 'legalName' | 'inn' | 'products'> & { fileTypesCount: number };

/** The products a tariff is mapped to: our online products and the manual entry. */
export const TARIFF_PRODUCTS: readonly ProductCode[] = PRODUCT_CODES;

/**
 * Tariff mapping (Управление → «Маппинг тарифов»): the insurer's own tariff and product codes for one of
 * our products, from a day (to a day, or open-ended). Periods of one insurer × product never overlap; the
 * adapter's request to the insurer carries the code in force on the quote's day.
 */
export interface TariffMapping {
  _id: string;
  companyId: string;
  companyName: string;
  product: ProductCode;
  /** The insurer's tariff code. */
  tariffCode: string;
  /** The insurer's product code ('' when it has none). */
  insurerProductCode: string;
  /** YYYY-MM-DD */
  validFrom: string;
  /** YYYY-MM-DD or null: open-ended. */
  validTo: string | null;
}

export type TariffMappingInput = Omit<TariffMapping, '_id' | 'companyName'>;

/** A tariff code: Latin letters, digits, «_», «-», «.», «/», up to 40. */
export const TARIFF_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,39}$/;

/** The texts both sides show. */
export const PARTNER_TEXTS = {
  notFound: 'Партнёр не найден',
  mappingNotFound: 'Маппинг тарифа не найден',
  codeTaken: 'Партнёр с таким кодом уже есть',
  toBeforeFrom: 'Дата окончания не может быть раньше даты начала',
  notInsurer: 'Маппинг тарифов ведётся только для страховых компаний',
  overlaps: (from: string, to: string | null) =>
    `Период пересекается с маппингом этого страховщика по тому же продукту (с ${from.split('-').reverse().join('.')}${to ? ` по ${to.split('-').reverse().join('.')}` : ', бессрочно'})`,
} as const;
