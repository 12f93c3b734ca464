import * as React from 'react';
import type { OsagoCalculateRequest, OsagoOffer, OsagoQuoteEvent, OsagoQuoteStarted, OsagoRefusal } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { getOsagoQuote, startOsagoQuote } from '../../api/osago';

/** How often the page asks for the answers itself while some are missing (the socket may be away). */
export const QUOTE_POLL_MS = 2000;

export type QuoteResult =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'error'; message: string }
  | (OsagoQuoteStarted & { status: 'quote'; offers: OsagoOffer[]; refusals: OsagoRefusal[]; pending: string[] });

type Quote = Extract<QuoteResult, { status: 'quote' }>;

/** Adds answers not seen yet (by insurer), offers cheapest first; `pending` loses whoever answered. */
function merge(q: Quote, offers: OsagoOffer[], refusals: OsagoRefusal[]): Quote {
  const seen = new Set([...q.offers, ...q.refusals].map((a) => a.companyId));
  const newOffers = offers.filter((o) => !seen.has(o.companyId));
  const newRefusals = refusals.filter((r) => !seen.has(r.companyId));
  if (!newOffers.length && !newRefusals.length) return q;
  const answered = new Set([...seen, ...newOffers.map((o) => o.companyId), ...newRefusals.map((r) => r.companyId)]);
  return {
    ...q,
    offers: [...q.offers, ...newOffers].sort((a, b) => a.premium - b.premium),
    refusals: [...q.refusals, ...newRefusals],
    pending: q.pending.filter((id) => !answered.has(id)),
  };
}

/**
 * A quote whose insurers answer one by one: started by POST, filled by the socket's `osago_quote`
 * events as they come, and by GET every QUOTE_POLL_MS while answers are missing (a socket that was
 * away loses events). Events that come before the POST's answer are kept and applied.
 */
export function useStreamedQuote(): { result: QuoteResult; start(body: OsagoCalculateRequest): Promise<void>; reset(): void } {
  const [result, setResult] = React.useState<QuoteResult>({ status: 'idle' });
  const early = React.useRef<OsagoQuoteEvent[]>([]);
  const current = React.useRef<string | null>(null);
  /** Bumped by every start and reset: an answer to an earlier start is dropped. */
  const generation = React.useRef(0);

  const apply = React.useCallback((quoteId: string, offers: OsagoOffer[], refusals: OsagoRefusal[]) => {
    setResult((r) => (r.status === 'quote' && r.quoteId === quoteId ? merge(r, offers, refusals) : r));
  }, []);

  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('osago_quote')
      .subscribe((e) => {
        if (e.quoteId === current.current) apply(e.quoteId, e.offer ? [e.offer] : [], e.refusal ? [e.refusal] : []);
        else early.current = [...early.current.slice(-50), e];
      });
    return () => sub.unsubscribe();
  }, [apply]);

  const quoteId = result.status === 'quote' ? result.quoteId : null;
  const waiting = result.status === 'quote' && result.pending.length > 0;
  React.useEffect(() => {
    if (!quoteId || !waiting) return;
    let alive = true;
    const timer = setInterval(() => {
      getOsagoQuote(quoteId).then(
        (s) => alive && apply(quoteId, s.offers, s.refusals),
        () => undefined, // the next tick asks again
      );
    }, QUOTE_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [quoteId, waiting, apply]);

  const start = React.useCallback(async (body: OsagoCalculateRequest) => {
    const g = ++generation.current;
    current.current = null;
    early.current = [];
    setResult({ status: 'starting' });
    try {
      const started = await startOsagoQuote(body);
      if (g !== generation.current) return;
      current.current = started.quoteId;
      let q: Quote = { ...started, status: 'quote', offers: [], refusals: [], pending: started.insurers.map((i) => i.companyId) };
      const before = early.current.filter((e) => e.quoteId === started.quoteId);
      q = merge(q, before.flatMap((e) => (e.offer ? [e.offer] : [])), before.flatMap((e) => (e.refusal ? [e.refusal] : [])));
      early.current = [];
      setResult(q);
    } catch (e) {
      if (g === generation.current) setResult({ status: 'error', message: errorText(e) });
    }
  }, []);

  /** Forgets the quote (a new calculation from scratch). */
  const reset = React.useCallback(() => {
    generation.current++;
    current.current = null;
    early.current = [];
    setResult({ status: 'idle' });
  }, []);

  return { result, start, reset };
}
