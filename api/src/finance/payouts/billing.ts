import { OPF_TITLES, isAccountOfBik, isInn, type AgentBilling, type AgentBillingInput, type Opf, type VatMode } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import { validationError } from '../../platform/errors.js';

/**
 * An agent's billing details (agent_billing, migration 22): what the act and the bank file print. Finance staff
 * keep them; the checks are shared-kit's offline ones — the INN's control digits and length by legal form (a
 * company 10 digits, a person or an entrepreneur 12), the account's key against the BIK. A payout already
 * calculated keeps its VAT line; a register reads the details when it is built and exported.
 */

export const BILLING_TEXTS = {
  notAgent: 'Поле «agentId»: такого агента нет',
  innLength: (opf: Opf) => `Поле «inn»: у формы «${OPF_TITLES[opf]}» ИНН из ${opf === 'YL' ? 10 : 12} цифр`,
  inn: 'Поле «inn»: контрольные цифры ИНН не сходятся — проверьте номер',
  account: 'Поле «account»: счёт не сходится с БИК банка — проверьте цифры',
  bankTogether: 'Поле «bik»: банк, БИК и счёт указываются вместе',
} as const;

interface BillingRow {
  user_id: string;
  legal_name: string;
  inn: string;
  kpp: string | null;
  bank_name: string | null;
  bik: string | null;
  account: string | null;
  corr_account: string | null;
  vat_mode: VatMode;
}

const toBilling = (r: BillingRow): AgentBilling => ({
  agentId: r.user_id,
  legalName: r.legal_name,
  inn: r.inn,
  kpp: r.kpp,
  bankName: r.bank_name,
  bik: r.bik,
  account: r.account,
  corrAccount: r.corr_account,
  vatMode: r.vat_mode,
});

export async function agentBilling(q: Queryable, agentId: string): Promise<AgentBilling | null> {
  const [r] = await q.query<BillingRow>('SELECT user_id, legal_name, inn, kpp, bank_name, bik, account, corr_account, vat_mode FROM agent_billing WHERE user_id = $1', [agentId]);
  return r ? toBilling(r) : null;
}

export async function saveAgentBilling(q: Queryable, agentId: string, b: AgentBillingInput): Promise<AgentBilling> {
  const [agent] = await q.query<{ opf: Opf | null }>(`SELECT opf FROM users WHERE id = $1 AND ('agent' = ANY(roles) OR 'agent_new' = ANY(roles))`, [agentId]);
  if (!agent) throw validationError(BILLING_TEXTS.notAgent, 'agentId');
  if (agent.opf && b.inn.length !== (agent.opf === 'YL' ? 10 : 12)) throw validationError(BILLING_TEXTS.innLength(agent.opf), 'inn');
  if (!isInn(b.inn)) throw validationError(BILLING_TEXTS.inn, 'inn');
  const bank = [b.bankName, b.bik, b.account];
  if (bank.some(Boolean) && !bank.every(Boolean)) throw validationError(BILLING_TEXTS.bankTogether, 'bik');
  if (b.bik && b.account && !isAccountOfBik(b.account, b.bik)) throw validationError(BILLING_TEXTS.account, 'account');
  const [r] = await q.query<BillingRow>(
    `INSERT INTO agent_billing (user_id, legal_name, inn, kpp, bank_name, bik, account, corr_account, vat_mode, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (user_id) DO UPDATE SET legal_name = EXCLUDED.legal_name, inn = EXCLUDED.inn, kpp = EXCLUDED.kpp, bank_name = EXCLUDED.bank_name,
       bik = EXCLUDED.bik, account = EXCLUDED.account, corr_account = EXCLUDED.corr_account, vat_mode = EXCLUDED.vat_mode, updated_at = now()
     RETURNING user_id, legal_name, inn, kpp, bank_name, bik, account, corr_account, vat_mode`,
    [agentId, b.legalName, b.inn, b.kpp ?? null, b.bankName ?? null, b.bik ?? null, b.account ?? null, b.corrAccount ?? null, b.vatMode],
  );
  return toBilling(r);
}
