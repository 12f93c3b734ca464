/**
 * Where the rate screens live under /app/ (the shell mounts this remote at its sections — finance,
 * add_template, edit_template among them — so links are absolute within the shell's router), and the
 * titles their links carry.
 */
export const TEMPLATES_TITLE = 'Персональные шаблоны КВ';
export const SEGMENTS_TITLE = 'Сегментатор КВ';
export const PAYOUTS_TITLE = 'Выплаты агентам';
export const REGISTERS_TITLE = 'Реестры выплат';
/** The КВ section's tabs. */
export const LEDGER_TAB_TITLE = 'Начисления';
export const MY_PAYOUTS_TITLE = 'Выплаты и акты';
export const RECONCILIATION_TITLE = 'Сверка со страховщиками';

export const paths = {
  finance: () => '/finance',
  /** Everyone's templates, or one agent's. */
  templates: (agentId?: string) => (agentId ? `/finance/templates?agent=${encodeURIComponent(agentId)}` : '/finance/templates'),
  addTemplate: (agentId: string) => `/add_template/${agentId}`,
  template: (id: string) => `/edit_template/${id}`,
  segments: () => '/finance/segments',
  segment: (id: string) => `/finance/segments/${id}`,
  ledger: () => '/cr',
  myPayouts: () => '/cr/payouts',
  payouts: () => '/finance/payouts',
  registers: () => '/finance/registers',
  register: (id: string) => `/finance/registers/${id}`,
  reconciliation: () => '/finance/reconciliation',
  statement: (id: string) => `/finance/reconciliation/${id}`,
  partners: () => '/manage/partners',
  tariffs: (companyId?: string) => (companyId ? `/manage/tariffs?companyId=${encodeURIComponent(companyId)}` : '/manage/tariffs'),
  addPartner: () => '/add_partner',
  partner: (id: string) => `/edit_partner/${id}`,
};

export const FINANCE_BACK = { to: paths.finance(), label: 'Финансы' };
export const TEMPLATES_BACK = { to: paths.templates(), label: TEMPLATES_TITLE };
export const SEGMENTS_BACK = { to: paths.segments(), label: SEGMENTS_TITLE };
export const REGISTERS_BACK = { to: paths.registers(), label: REGISTERS_TITLE };
export const RECONCILIATION_BACK = { to: paths.reconciliation(), label: RECONCILIATION_TITLE };

/** Управление's tabs of this branch: partners and the tariff mapping. */
export const PARTNERS_TITLE = 'Партнёры';
export const TARIFFS_TITLE = 'Маппинг тарифов';
export const PARTNERS_BACK = { to: paths.partners(), label: PARTNERS_TITLE };
