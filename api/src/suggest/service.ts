/** The suggestion gateway (§7): DaData when DADATA_API_KEY is set, the offline data set otherwise. */
import type { DadataSuggestion, SuggestKind } from '@oyster/shared-kit/domain';
import { createDadataClient, type DadataClient } from './dadata.js';
import { createOfflineSuggest, type OfflineSuggest } from './offline.js';

export { createOfflineSuggest, type OfflineSuggest } from './offline.js';
export { createDadataClient, DADATA_DEFAULT_URL, DADATA_TIMEOUT_MS } from './dadata.js';

export interface SuggestServiceOptions {
  dadataApiKey?: string | null;
  dadataUrl?: string | null;
  timeoutMs?: number;
  /** Folders under which api/data/suggest may be found (the repo root). */
  dataDirHints?: (string | undefined)[];
  warn?: (info: Record<string, unknown>, message: string) => void;
}

export interface SuggestService {
  mode: 'dadata' | 'offline';
  /** `req` is already validated (count within 1..20). */
  suggest(kind: SuggestKind, req: Record<string, unknown> & { count: number }): Promise<DadataSuggestion<unknown>[]>;
}

export function createSuggestService(opts: SuggestServiceOptions = {}): SuggestService {
  if (opts.dadataApiKey) {
    const client: DadataClient = createDadataClient({ apiKey: opts.dadataApiKey, baseUrl: opts.dadataUrl ?? undefined, timeoutMs: opts.timeoutMs, warn: opts.warn });
    return { mode: 'dadata', suggest: (kind, req) => client.suggest(kind, req, req.count) };
  }
  const offline: OfflineSuggest = createOfflineSuggest(opts.dataDirHints);
  return {
    mode: 'offline',
    async suggest(kind, req) {
      // The request was validated against the schema of its kind, so the casts below hold.
      switch (kind) {
        case 'address':
          return offline.address(req as never);
        case 'fio':
          return offline.fio(req as never);
        case 'bank':
          return offline.bank(req as never);
        case 'fms_unit':
          return offline.fms_unit(req as never);
        case 'email':
          return offline.email(req as never);
      }
    },
  };
}
