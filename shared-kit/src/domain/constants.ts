/** §9 business constants and limits. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 30_000;
export const SOCKET_MANUAL_RETRY_AFTER_MS = 5_000;
export const INIT_STATE_CACHE_MS = 60 * 60 * 1000;
/** Name and email suggestions are not given by the spec: they wait like the agent search. */
export const DEBOUNCE_MS = { agentSearch: 300, address: 500, bank: 500, bic: 500, passportIssuer: 100, fio: 300, email: 300 } as const;
export const SUGGESTION_LIST_MAX_ITEMS = 10;
export const LAYOUT_BREAKPOINT_PX = 1000;
export const PAGE_TITLE = 'Oyster — платформа для профессиональных страховых агентов от брокера';

export { COPYRIGHT_START_YEAR, copyrightLine } from './login';
