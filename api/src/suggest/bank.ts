/** Offline bank suggestions from the BIC directory extract (by name, BIC or INN prefix). */
import type { DadataBank, DadataSuggestion, SuggestBankRequest } from '@oyster/shared-kit/domain';
import type { BankRow } from './data.js';
import { TokenDictionary, fold, queryWords, tokensOf } from './text.js';

export interface BankIndex {
  suggest(req: SuggestBankRequest): DadataSuggestion<DadataBank>[];
  size: number;
}

/** Words in bank names that do not tell one bank from another. */
const NOISE = new Set(['пао', 'ао', 'ооо', 'зао', 'оао', 'кб', 'акб', 'банк', 'банка', 'ак', 'нко', 'филиал', 'n', 'no', 'акционерное', 'общество']);

export function buildBankIndex(rows: BankRow[], cityLabel: (city: string) => { value: string; unrestricted: string }): BankIndex {
  const dict = new TokenDictionary();
  rows.forEach((row, id) => {
    for (const text of [row.payment, row.short, ...row.aliases]) for (const t of tokensOf(text)) if (!NOISE.has(t)) dict.add(t, id);
    for (const t of tokensOf(row.city)) dict.add(t, id);
  });
  // Head offices first (a branch's BIC does not end in its own correspondent account), then file order.
  const isBranch = (r: BankRow) => /ФИЛИАЛ|ОТДЕЛЕНИЕ|ТОЧКА ПАО|БАНК ПАО СБЕРБАНК| РФ АО /.test(r.payment);

  function toSuggestion(row: BankRow): DadataSuggestion<DadataBank> {
    const where = cityLabel(row.city);
    return {
      value: row.payment,
      unrestricted_value: row.payment,
      data: {
        opf: { type: isBranch(row) ? 'BANK_BRANCH' : 'BANK', full: null, short: null },
        name: { payment: row.payment, full: null, short: row.short },
        bic: row.bic,
        swift: null,
        inn: row.inn,
        kpp: row.kpp,
        registration_number: null,
        correspondent_account: row.correspondentAccount,
        treasury_accounts: null,
        address: { value: where.value, unrestricted_value: where.unrestricted, data: null },
        phones: null,
        state: { status: 'ACTIVE', actuality_date: null, registration_date: null, liquidation_date: null },
      },
    };
  }

  function suggest(req: SuggestBankRequest): DadataSuggestion<DadataBank>[] {
    const count = req.count ?? 10;
    const q = fold(req.query);
    let ids: number[];
    if (/^\d+$/.test(q.replace(/\s/g, ''))) {
      const digits = q.replace(/\s/g, '');
      ids = rows.map((_, i) => i).filter((i) => rows[i].bic.startsWith(digits) || (digits.length >= 4 && !!rows[i].inn?.startsWith(digits)));
      ids.sort((a, b) => Number(isBranch(rows[a])) - Number(isBranch(rows[b])) || a - b);
    } else {
      const words = queryWords(req.query).filter((w) => !NOISE.has(w));
      if (!words.length) return [];
      const scores = dict.matchAll(words);
      ids = [...scores.entries()].sort((a, b) => b[1] - a[1] || Number(isBranch(rows[a[0]])) - Number(isBranch(rows[b[0]])) || a[0] - b[0]).map(([id]) => id);
    }
    return ids.slice(0, count).map((i) => toSuggestion(rows[i]));
  }

  return { suggest, size: rows.length };
}
