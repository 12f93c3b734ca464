import type { ContractCurrency } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';

/**
 * Where the day's rate of a foreign currency comes from (travel priced in euros or dollars): roubles for one
 * unit × 10 000 (shared-kit RATE_SCALE), its date and its source. A contract stores the rate its premium was
 * fixed at (contracts.currency_rate), so a later rate never changes a premium or its ledger.
 *
 * The shipped source reads currency_rates (migration 25): DEMO rates, labelled source 'demo' and shown as
 * «демонстрационный курс» — not the Bank of Russia's. A real source (the Bank of Russia's daily XML) is
 * another RateSource writing the same table or answering directly.
 */
export type ForeignCurrency = Exclude<ContractCurrency, 'RUB'>;

export interface StoredRate {
  currency: ForeignCurrency;
  /** Roubles per unit × 10 000. */
  rate: number;
  /** The day the rate is for (YYYY-MM-DD). */
  date: string;
  source: string;
}

export interface RateSource {
  /** The rate in force on `day` (the latest on or before it), or null when there is none. */
  rateOn(currency: ForeignCurrency, day: string): Promise<StoredRate | null>;
}

export function tableRateSource(q: Queryable): RateSource {
  return {
    async rateOn(currency, day) {
      const [r] = await q.query<{ rate: number; on_date: string; source: string }>(
        'SELECT rate, on_date::text AS on_date, source FROM currency_rates WHERE currency = $1 AND on_date <= $2::date ORDER BY on_date DESC LIMIT 1',
        [currency, day],
      );
      return r ? { currency, rate: Number(r.rate), date: r.on_date, source: r.source } : null;
    },
  };
}
