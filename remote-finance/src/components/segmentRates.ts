import type { CommissionSegment } from '@oyster/shared-kit/domain';
import { moscowToday } from './rates';

export type SegmentRate = CommissionSegment['rates'][number];

/** Where a rate version stands today: starts later, in force, or replaced by a later one. */
export type VersionStanding = 'future' | 'current' | 'replaced';
export const VERSION_STANDING_TITLES: Record<VersionStanding, string> = {
  future: 'С будущей даты',
  current: 'Действует',
  replaced: 'Заменена',
};

export interface RateVersion extends SegmentRate {
  standing: VersionStanding;
}

/**
 * A segment's rate versions by insurer × product (in the order the api sends them: newest start first
 * within each): those starting after today are to come, the newest already started is in force, the older
 * ones were replaced.
 */
export function rateVersions(rates: SegmentRate[], today = moscowToday()): RateVersion[][] {
  const groups = new Map<string, SegmentRate[]>();
  for (const r of rates) {
    const key = `${r.companyId}:${r.product}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((versions) => {
    const sorted = [...versions].sort((a, b) => (a.validFrom < b.validFrom ? 1 : a.validFrom > b.validFrom ? -1 : 0));
    let inForce = false;
    return sorted.map((r) => {
      if (r.validFrom > today) return { ...r, standing: 'future' as const };
      if (!inForce) {
        inForce = true;
        return { ...r, standing: 'current' as const };
      }
      return { ...r, standing: 'replaced' as const };
    });
  });
}

/** The versions a list shows for a segment: the one in force and those to come, per insurer × product. */
export function ratesInForce(rates: SegmentRate[], today = moscowToday()): RateVersion[] {
  return rateVersions(rates, today).flatMap((g) => g.filter((r) => r.standing !== 'replaced'));
}
