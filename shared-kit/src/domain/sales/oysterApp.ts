/**
 * Oyster.app (issue 25, `/app/oyster-app`): the agent's link to the client app, the clients registered
 * through it and what each bought. Pure rules and wire types, read by remote-sales and api/src/sales/oyster-app.
 *
 * How a registration is tied to contracts: the app's integration sends the client's mobile phone when
 * the client registers; what the client bought is the paid contracts (BOUGHT_CONTRACT_STATUSES) of the same agent whose client phone
 * (the contract's contacts) is that number, compared as the last 10 digits (+7, 8 or none before).
 * A registration without a phone has bought nothing we can tell.
 */

import { CONTRACT_STATUS } from './contracts';

/** What counts as bought: a contract paid by the client and not cancelled (paid, issued, in force, ended). */
export const BOUGHT_CONTRACT_STATUSES: readonly number[] = [CONTRACT_STATUS.paid, CONTRACT_STATUS.released, CONTRACT_STATUS.inAction, CONTRACT_STATUS.ended];

/** An invite code: 16 lowercase hex characters (migration 27; a new one from «Обновить ссылку»). */
export const APP_INVITE_CODE_PATTERN = /^[0-9a-f]{16}$/;

/** Where an invite code leads, under the product's public address: the client app's invitation. */
export const appInvitePath = (code: string) => `/oyster-app/i/${code}`;

/**
 * A phone as the national number, its last 10 digits (null when fewer than 10 digits): «+7 (916) 123-45-67»,
 * «8 916 123 45 67» and «9161234567» are one number. The SQL side reads contracts the same way (migration 27).
 */
export function nationalPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 10 && digits.length <= 11 ? digits.slice(-10) : null;
}

/** «+7 (916) 123-45-67» from the 10 digits. */
export const formatNationalPhone = (n: string) => `+7 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8, 10)}`;

export const OYSTER_APP_TEXTS = {
  linkTitle: 'Ваша ссылка на Oyster.app',
  noLink: 'Ссылка на приложение есть у агентов: здесь — клиенты агентов, которых вы видите.',
  copy: 'Скопировать ссылку',
  copied: 'Ссылка скопирована',
  downloadPng: 'Скачать QR-код (PNG)',
  rotate: 'Обновить ссылку',
  rotateConfirm: 'Старая ссылка и QR-код перестанут работать: клиенты, которым вы их уже отправили, не смогут зарегистрироваться по ним. Обновить ссылку?',
  rotated: 'Ссылка обновлена: старая больше не работает',
  rotateStale: 'Ссылка уже обновлена в другом окне — обновите страницу',
  registered: 'Зарегистрировано клиентов',
  thisMonth: 'В этом месяце',
  clientsLink: 'Клиенты в приложении',
  instructionTitle: 'Как подключить клиента',
  instruction: [
    'Отправьте клиенту ссылку или покажите QR-код — клиент наводит на него камеру телефона.',
    'Клиент устанавливает Oyster.app и регистрируется по номеру телефона.',
    'Клиент появится в списке «Клиенты в приложении», его полисы — в приложении, а вопросы — в чате.',
  ],
  clientsTitle: 'Клиенты в приложении',
  noClients: 'По вашей ссылке пока никто не зарегистрировался',
  noClientsFound: 'Клиенты не найдены',
  searchPlaceholder: 'Поиск по имени клиента',
  bought: 'Купил',
  nothingBought: 'Покупок пока нет',
  noPhone: 'Телефон не передан — покупки не сопоставить',
  chat: 'Чат с клиентом',
  registeredAt: 'Зарегистрирован',
  /** The invitation page a client opens from the link or the QR code (`/oyster-app/i/<code>`, served by the api). */
  inviteTitle: 'Приглашение в Oyster.app',
  inviteFrom: (agent: string) => `Ваш страховой агент ${agent} приглашает вас в Oyster.app: ваши полисы, напоминания о продлении и чат с агентом — в телефоне.`,
  inviteSteps: [
    'Установите приложение Oyster.app из магазина приложений вашего телефона.',
    'Откройте эту ссылку на телефоне ещё раз или введите код приглашения при регистрации.',
    'Зарегистрируйтесь по номеру телефона — агент увидит вас в своём списке клиентов.',
  ],
  inviteCode: 'Код приглашения',
  inviteInvalidTitle: 'Ссылка-приглашение недействительна',
  inviteInvalid: 'Ссылка устарела или набрана с ошибкой — попросите агента прислать новую.',
  /** The integration's refusals. */
  badCode: 'Поле «code»: ссылка-приглашение недействительна или устарела — попросите агента прислать новую',
  agentOrCode: 'Поле «code»: укажите код приглашения агента (или agentId)',
  notAnAgent: 'Ссылка на Oyster.app есть только у агентов',
  clientNotFound: 'Клиент Oyster.app не найден',
} as const;

/** GET /api/v2/oyster-app/summary: the viewer's link (agents; null for staff) and the counts of their scope. */
export interface OysterAppSummary {
  /** The invite code (null: staff have no link of their own). */
  code: string | null;
  /** Registered clients of the agents the viewer sees (home's paymentsInfo.appRegistrations counts the same). */
  registered: number;
  /** Of them, registered in this Moscow month. */
  thisMonth: number;
}

/** One contract a client bought (paid, not cancelled): what the list shows and a link to its page; paidAt — when it was paid. */
export interface OysterAppPurchase {
  contractId: string;
  product: string;
  policyNumber: string | null;
  premiumKopecks: number | null;
  status: number;
  paidAt: string;
}

export interface OysterAppClient {
  id: string;
  name: string;
  /** 10 digits or null (not sent by the app). */
  phone: string | null;
  registeredAt: string;
  agent: { id: string; name: string };
  /** The client's chat (null until the client writes). */
  chatId: string | null;
  purchases: OysterAppPurchase[];
}

/** Keyset page: `next` is the cursor of the last row («<iso>|<id>»), null at the end. */
export interface OysterAppClientsPage {
  items: OysterAppClient[];
  next: string | null;
}

/** `app_client_registered`: a client registered through an agent the user sees (the integration). */
export interface AppClientRegisteredEvent {
  agentId: string;
  clientId: string;
}
