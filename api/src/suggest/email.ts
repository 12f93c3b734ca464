/** Offline email suggestions: the typed local part with the common mail domains. */
import { EMAIL_PATTERN, type DadataEmail, type DadataSuggestion, type SuggestEmailRequest } from '@oyster/shared-kit/domain';

export interface EmailIndex {
  suggest(req: SuggestEmailRequest): DadataSuggestion<DadataEmail>[];
  size: number;
}

const LOCAL = /^[A-Za-z0-9_.+-]+$/;

export function buildEmailIndex(domains: string[]): EmailIndex {
  function suggest(req: SuggestEmailRequest): DadataSuggestion<DadataEmail>[] {
    const count = req.count ?? 10;
    const q = req.query.trim();
    const at = q.indexOf('@');
    const local = at < 0 ? q : q.slice(0, at);
    const domainPart = at < 0 ? '' : q.slice(at + 1).toLowerCase();
    if (!LOCAL.test(local) || domainPart.includes('@') || /\s/.test(domainPart)) return [];
    const list = domains.filter((d) => d.startsWith(domainPart));
    // A complete address with a domain we do not list is suggested as typed.
    if (domainPart && !list.includes(domainPart) && EMAIL_PATTERN.test(`${local}@${domainPart}`)) list.unshift(domainPart);
    return list.slice(0, count).map((domain) => {
      const value = `${local}@${domain}`;
      return { value, unrestricted_value: value, data: { local, domain, type: null, source: null, qc: null } };
    });
  }
  return { suggest, size: domains.length };
}
