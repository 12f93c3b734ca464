import * as React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { DEMO_USERS, WEBINAR_TEXTS, type SessionUser, type Webinar } from '@oyster/shared-kit/domain';
import { EventBus } from '@oyster/shared-kit/runtime';
import { fakeHttp, httpError, sampleWebinar, type Answer } from '@oyster/shared-kit/testing';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { WebinarToastService, WEBINAR_TOASTS_PATH } from '../services/webinars';
import { WebinarToastHost } from './WebinarToastHost';

const ID = 'a'.repeat(24);
const REGISTRATION = `/api/v2/webinars/registration/${ID}`;

const webinar = (over: Partial<Webinar> = {}) => sampleWebinar({ _id: ID, ...over });

function setup({ user = DEMO_USERS.agent as SessionUser | null, registration = { data: webinar({ registration: true }) } as Answer, due = [] as Webinar[] } = {}) {
  const http = fakeHttp({ [`POST ${REGISTRATION}`]: registration, [`GET ${WEBINAR_TOASTS_PATH}`]: { data: due } });
  const bus = new EventBus();
  const session$ = new BehaviorSubject<SessionUser | null>(user);
  const webinars = new WebinarToastService({ http, session$ });
  webinars.connect(bus);
  render(
    <OysterProvider>
      <WebinarToastHost webinars={webinars} />
    </OysterProvider>,
  );
  const send = (w: Webinar) => act(() => bus.publish('webinar-notification', w));
  const posted = () => http.calls.filter((c) => c.path === REGISTRATION).map((c) => c.body);
  return { http, bus, send, posted, webinars };
}

/** Lets the toasts' chunk and the answers arrive (fake timers: advanced by hand). */
const settle = async (ms = 0) => {
  for (let i = 0; i < 5; i++) await act(async () => void (await Promise.resolve()));
  if (ms) await act(async () => void jest.advanceTimersByTime(ms));
  for (let i = 0; i < 5; i++) await act(async () => void (await Promise.resolve()));
};
const card = () => screen.queryByRole('article');
const button = (name: string) => screen.getByRole('button', { name });

let win: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  win = jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  win.mockRestore();
  jest.useRealTimers();
});

describe('webinar toast (§4 modes, §9 30 minutes)', () => {
  it('an invitation offers «Записаться»; a successful sign-up turns it into the registered version; «Понятно» dismisses it', async () => {
    const { send, posted } = setup();
    await send(webinar());
    await settle();
    expect(card()).toHaveTextContent('Е-ОСАГО: новые коэффициенты');
    expect(card()).toHaveTextContent('15.12.2026 в 11:00 (МСК) · Контур.Толк');
    fireEvent.click(button(WEBINAR_TEXTS.signUp));
    await settle();
    expect(posted()).toEqual([{ status: 'singUp' }]);
    expect(card()).toHaveTextContent('Вы записались на вебинар, оповестим за 10 минут до начала!');
    expect(screen.queryByRole('button', { name: 'Записаться' })).not.toBeInTheDocument();
    fireEvent.click(button('Понятно'));
    await settle();
    expect(card()).toBeNull();
  });

  it('a sign-up answered with an error leaves the toast as it was (§8), whether an http error or an error field', async () => {
    const { send, http, posted } = setup({ registration: () => Promise.reject(httpError(409, { message: WEBINAR_TEXTS.postponedNoSignUp })) });
    await send(webinar());
    await settle();
    fireEvent.click(button('Записаться'));
    await settle();
    expect(posted()).toHaveLength(1);
    expect(button('Записаться')).toBeEnabled();
    expect(card()).not.toHaveTextContent('Вы записались');

    http.routes[`POST ${REGISTRATION}`] = { error: true, message: 'Ошибка записи' };
    fireEvent.click(button('Записаться'));
    await settle();
    expect(posted()).toHaveLength(2);
    expect(button('Записаться')).toBeInTheDocument();
  });

  it('the announcement counts down to the start each second; «Подключиться» sends watch, opens the conference in a new window and dismisses the toast', async () => {
    const { send, posted } = setup();
    await send(webinar({ isSendAnnouncement: true, registration: true, untilTime: { minutes: 9, seconds: 30 } }));
    await settle();
    expect(screen.getByRole('timer')).toHaveTextContent('09:30');
    expect(card()).toHaveTextContent('До начала');
    await settle(5000);
    expect(screen.getByRole('timer')).toHaveTextContent('09:25');
    fireEvent.click(button(WEBINAR_TEXTS.join));
    await settle();
    expect(win).toHaveBeenCalledWith('https://webinar.oyster.test/room/eosago', '_blank', 'noopener,noreferrer');
    expect(posted()).toEqual([{ status: 'watch' }]);
    expect(card()).toBeNull();
  });

  it('postponed: «Вебинар отложен, о следующем сообщим позже» with «Понятно»; an ended announcement is no announcement', async () => {
    const { send } = setup();
    await send(webinar({ removeWebinar: true, registration: true }));
    await settle();
    expect(card()).toHaveTextContent('Вебинар отложен, о следующем сообщим позже');
    expect(button('Понятно')).toBeInTheDocument();
    await send(webinar({ isSendAnnouncement: true, status: 'end', registration: true }));
    await settle();
    expect(screen.queryByRole('button', { name: 'Подключиться' })).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('lasts 30 minutes; a newer word about the webinar replaces its toast, another webinar’s goes first; three at most', async () => {
    const { send } = setup();
    await send(webinar());
    await settle();
    await send(webinar({ registration: true }));
    await send(webinar({ _id: 'b'.repeat(24), title: 'ВЗР в сезон отпусков' }));
    await settle();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Вебинар: ВЗР в сезон отпусков', 'Вебинар: Е-ОСАГО: новые коэффициенты']);
    expect(cards[1]).toHaveTextContent('Вы записались');
    // At most three are kept: a fourth webinar's toast pushes the oldest out.
    await send(webinar({ _id: 'c'.repeat(24), title: 'ДМС для малого бизнеса' }));
    await send(webinar({ _id: 'd'.repeat(24), title: 'Ипотека: рефинансирование' }));
    await settle();
    expect(screen.getAllByRole('article').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Вебинар: Ипотека: рефинансирование',
      'Вебинар: ДМС для малого бизнеса',
      'Вебинар: ВЗР в сезон отпусков',
    ]);
    await settle(30 * 60 * 1000 - 1000);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await settle(1000);
    expect(card()).toBeNull();
  });

  it('the cross closes it', async () => {
    const { send } = setup();
    await send(webinar());
    await settle();
    fireEvent.click(button('Закрыть'));
    await settle();
    expect(card()).toBeNull();
  });

  it('at sign-in an agent’s app fetches the reminders that went while it was closed; staff’s does not; nobody signed in sees none', async () => {
    setup({ due: [webinar({ isSendAnnouncement: true, registration: true, untilTime: { minutes: 4, seconds: 5 } })] });
    await settle();
    expect(screen.getByRole('timer')).toHaveTextContent('04:05');

    const staff = setup({ user: DEMO_USERS.copywriter as SessionUser });
    expect(staff.http.calls.some((c) => c.path === WEBINAR_TOASTS_PATH)).toBe(false);

    document.body.innerHTML = '';
    const nobody = setup({ user: null });
    await nobody.send(webinar());
    await settle();
    expect(card()).toBeNull();
  });
});
