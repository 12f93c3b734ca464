/** The DaData suggestions API as a proxy: 3 s timeout; any failure is an empty list and a log line. */
import type { DadataSuggestion, SuggestKind } from '@oyster/shared-kit/domain';

export const DADATA_DEFAULT_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs';
export const DADATA_TIMEOUT_MS = 3000;

export interface DadataClientOptions {
  apiKey: string;
  /** Base URL up to '/rs' (DADATA_URL); '/suggest/<kind>' is appended. */
  baseUrl?: string;
  timeoutMs?: number;
  warn?: (info: Record<string, unknown>, message: string) => void;
}

export interface DadataClient {
  suggest(kind: SuggestKind, body: Record<string, unknown>, count: number): Promise<DadataSuggestion<unknown>[]>;
}

export function createDadataClient(opts: DadataClientOptions): DadataClient {
  const base = (opts.baseUrl || DADATA_DEFAULT_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DADATA_TIMEOUT_MS;
  const warn = opts.warn ?? ((info, message) => console.warn(message, info));

  return {
    async suggest(kind, body, count) {
      const url = `${base}/suggest/${kind}`;
      const started = Date.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${opts.apiKey}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        if (res.status !== 200) {
          warn({ kind, status: res.status, ms: Date.now() - started }, 'dadata: non-200 answer, no suggestions');
          return [];
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          warn({ kind, ms: Date.now() - started }, 'dadata: answer is not JSON, no suggestions');
          return [];
        }
        const list = (parsed as { suggestions?: unknown })?.suggestions;
        if (!Array.isArray(list)) {
          warn({ kind }, 'dadata: answer has no suggestions list, no suggestions');
          return [];
        }
        return list
          .filter((s): s is DadataSuggestion<unknown> => !!s && typeof s === 'object' && typeof (s as { value?: unknown }).value === 'string')
          .slice(0, count)
          .map((s) => ({ value: s.value, unrestricted_value: typeof s.unrestricted_value === 'string' ? s.unrestricted_value : s.value, data: s.data ?? null }));
      } catch (e) {
        const err = e as Error;
        const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
        warn({ kind, ms: Date.now() - started, error: err.message }, timedOut ? `dadata: no answer within ${timeoutMs} ms, no suggestions` : 'dadata: call failed, no suggestions');
        return [];
      }
    },
  };
}
