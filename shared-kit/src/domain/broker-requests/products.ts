import { COMPANY_CATALOGUE, INDIVIDUAL_CATALOGUE } from '../catalogue';

/**
 * Every product a broker request can be sent for (spec §2 `new-request-broker/{productType}`): the
 * «Запрос» channel of each individuals' product and the 19 legal-entity products of §9 — read from
 * the one catalogue (catalogue.ts), so the home grid, the showcase, the picker and the SLA clock
 * agree. `slaHours` is the product's «до N р.ч.»: working hours the broker has for it.
 */
export interface BrokerProduct {
  /** The route's productType. */
  type: string;
  title: string;
  /** Individuals (and entrepreneurs) or legal entities. */
  audience: 'FL' | 'YL';
  /** The catalogue group (Авто, Имущество, … / Авто, Сельхоз, …). */
  group: string;
  /** As the catalogue shows it: «до 25%», «10% + бонус». */
  commission: string;
  slaHours: number;
}

const hoursOf = (time: string): number => {
  const m = time.match(/(\d+)\s*р\.ч\./);
  if (!m) throw new Error(`catalogue: no «до N р.ч.» in «${time}»`);
  return Number(m[1]);
};

export const BROKER_PRODUCTS: readonly BrokerProduct[] = [
  ...INDIVIDUAL_CATALOGUE.flatMap((g) =>
    g.products.map((p) => ({ type: p.code, title: p.title, audience: 'FL' as const, group: g.title, commission: p.broker.commission, slaHours: hoursOf(p.broker.time) })),
  ),
  ...COMPANY_CATALOGUE.flatMap((g) =>
    g.products.map((p) => ({ type: p.code, title: `${g.title}: ${p.title}`, audience: 'YL' as const, group: g.title, commission: `до ${p.maxPercent}%`, slaHours: p.maxHours })),
  ),
];

export const BROKER_PRODUCT_TYPES: readonly string[] = BROKER_PRODUCTS.map((p) => p.type);

export function brokerProductOf(type: string): BrokerProduct | undefined {
  return BROKER_PRODUCTS.find((p) => p.type === type);
}
