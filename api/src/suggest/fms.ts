/** Offline passport issuing units (fms_unit): by code prefix 'xxx-xxx' or by words of the name. */
import type { DadataFmsUnit, DadataSuggestion, SuggestFmsUnitRequest } from '@oyster/shared-kit/domain';
import type { FmsRow } from './data.js';
import { TokenDictionary, fold, queryWords, tokensOf } from './text.js';

export interface FmsIndex {
  suggest(req: SuggestFmsUnitRequest): DadataSuggestion<DadataFmsUnit>[];
  size: number;
}

const NOISE = new Set(['по', 'в', 'во', 'и', 'г', 'гор', 'россии', 'р-не', 'району', 'района', 'обл', 'отделом', 'отделением', 'отдела']);

export function buildFmsIndex(rows: FmsRow[]): FmsIndex {
  const sorted = [...rows].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const dict = new TokenDictionary();
  sorted.forEach((row, id) => {
    for (const t of tokensOf(row.name)) if (!NOISE.has(t)) dict.add(t, id);
  });
  const toSuggestion = (r: FmsRow): DadataSuggestion<DadataFmsUnit> => ({
    value: r.name,
    unrestricted_value: r.name,
    data: { code: r.code, name: r.name, region_code: r.regionCode, type: r.type },
  });

  function suggest(req: SuggestFmsUnitRequest): DadataSuggestion<DadataFmsUnit>[] {
    const count = req.count ?? 10;
    const byCode = !req.parts?.length || req.parts.includes('CODE');
    const byName = !req.parts?.length || req.parts.includes('NAME');
    const q = req.query.trim();
    // '770', '770-0', '7700', '770-001', '770001' → the code prefix 'xxx-xxx'
    const digits = q.replace(/[\s-]/g, '');
    if (/^\d{1,6}$/.test(digits) && /^[\d\s-]+$/.test(q)) {
      if (!byCode) return [];
      const prefix = digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
      return sorted.filter((r) => r.code.startsWith(prefix)).slice(0, count).map(toSuggestion);
    }
    if (!byName) return [];
    const words = queryWords(q).filter((w) => !NOISE.has(w));
    if (!words.length) return [];
    const scores = dict.matchAll(words);
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, count)
      .map(([id]) => toSuggestion(sorted[id]));
  }

  return { suggest, size: rows.length };
}
