/**
 * Which remote owns which top-level section under /app/ (ARCHITECTURE: the shell decides the
 * mapping, a remote never registers itself). Keys are Module Federation container names.
 */
export type RemoteName =
  | 'remote_sales'
  | 'remote_broker_requests'
  | 'remote_finance'
  | 'remote_communications'
  | 'remote_learning';

export const REMOTE_NAMES: readonly RemoteName[] = [
  'remote_sales',
  'remote_broker_requests',
  'remote_finance',
  'remote_communications',
  'remote_learning',
];

/** Where each remote's files are served by default (the api's manifest may override). */
export const DEFAULT_REMOTE_PATHS: Record<RemoteName, string> = {
  remote_sales: '/remotes/sales/',
  remote_broker_requests: '/remotes/broker-requests/',
  remote_finance: '/remotes/finance/',
  remote_communications: '/remotes/communications/',
  remote_learning: '/remotes/learning/',
};

export const REMOTE_TITLES: Record<RemoteName, string> = {
  remote_sales: 'Продажи',
  remote_broker_requests: 'Брокерские запросы',
  remote_finance: 'Финансы',
  remote_communications: 'Коммуникации',
  remote_learning: 'Обучение',
};

/** Section path (first segment under /app/) → remote that renders it. */
export const SECTION_REMOTES: Record<string, RemoteName> = {
  contracts: 'remote_sales',
  'oyster-app': 'remote_sales',
  'soap-logs': 'remote_sales',
  edit_template: 'remote_sales',
  add_template: 'remote_sales',
  'new-eosago': 'remote_sales',
  'new-ekasko': 'remote_sales',
  'new-ifl': 'remote_sales',
  'new-ifl_house': 'remote_sales',
  'new-vzr': 'remote_sales',
  'new-manual': 'remote_sales',
  'new-ipoteka': 'remote_sales',
  manual: 'remote_sales',
  'broker-requests': 'remote_broker_requests',
  'new-request-broker': 'remote_broker_requests',
  'request-broker': 'remote_broker_requests',
  cr: 'remote_finance',
  finance: 'remote_finance',
  sub_agents: 'remote_finance',
  agents: 'remote_finance',
  agent: 'remote_finance',
  manage: 'remote_finance',
  analytics: 'remote_finance',
  user: 'remote_finance',
  edit_partner: 'remote_finance',
  add_partner: 'remote_finance',
  chats: 'remote_communications',
  notifications: 'remote_communications',
  webinar: 'remote_communications',
  news: 'remote_learning',
  knowledge: 'remote_learning',
  media: 'remote_learning',
  academy: 'remote_learning',
};
