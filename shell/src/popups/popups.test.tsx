import * as React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { DEMO_USERS, type CommunicationNotification, type SessionUser } from '@oyster/shared-kit/domain';
import { EventBus } from '@oyster/shared-kit/runtime';
import { fakeHttp, httpError, type Answer } from '@oyster/shared-kit/testing';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { PopupService } from '../services/popups';
import { STORAGE_KEYS } from '../services/storage';
import { createServices, fakeFetch } from '../testing';
import { PopupHost } from './PopupHost';

const LOG = '/api/v2/set-logs/communication';
const PENDING = '/api/v2/communications/pending';

let seq = 0;
function popup(title: string, message: Partial<CommunicationNotification['message']> = {}, extra: Partial<CommunicationNotification> = {}): CommunicationNotification {
  seq += 1;
  return { _id: `camp-${seq}`, guid: `guid-${seq}`, message: { title, text: `<p>Текст: ${title}</p>`, ...message }, ...extra };
}

function setup({ user = DEMO_USERS.agent as SessionUser | null, pending = [] as CommunicationNotification[], log = {} as Answer } = {}) {
  const http = fakeHttp({ [`POST ${LOG}`]: log, [`GET ${PENDING}`]: { data: pending } });
  const bus = new EventBus();
  const session$ = new BehaviorSubject<SessionUser | null>(user);
  const popups = new PopupService({ http, session$ });
  popups.connect(bus);
  render(
    <OysterProvider>
      <PopupHost popups={popups} />
    </OysterProvider>,
  );
  /** What reached the communication log: [campaign, delivery, code]. */
  const logs = () => http.calls.filter((c) => c.path === LOG).map((c) => c.body as { communicationId: string; guid: string; agentId: string; reaction: number });
  const codes = () => logs().map((l) => [l.communicationId, l.reaction]);
  const send = (n: CommunicationNotification) => act(() => bus.publish('notification-market', { options: { notification: n } }));
  return { http, bus, session$, logs, codes, send };
}

const dialog = (title: string) => screen.findByRole('dialog', { name: title });
/** Lets whatever would happen happen (the queue changes once the popups' chunk is in). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
/** The footer's «Закрыть», and the cross (the same accessible name, no text). */
const footerClose = () => screen.getAllByRole('button', { name: 'Закрыть' }).find((b) => b.textContent === 'Закрыть')!;
const cross = () => screen.getAllByRole('button', { name: 'Закрыть' }).find((b) => b.textContent !== 'Закрыть')!;

let win: jest.SpyInstance;
beforeEach(() => {
  win = jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => win.mockRestore());

describe('popup communications (socket notification-market)', () => {
  it('the newest shows first, one at a time; closing shows the other; closing the last hides the popup', async () => {
    const { send, codes } = setup();
    const first = popup('Новый продукт КАСКО');
    const second = popup('Вебинар в четверг');
    send(first);
    expect(await dialog('Новый продукт КАСКО')).toBeInTheDocument();
    send(second);
    expect(await dialog('Вебинар в четверг')).toHaveTextContent('Текст: Вебинар в четверг');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    fireEvent.click(footerClose());
    expect(await dialog('Новый продукт КАСКО')).toBeInTheDocument();
    fireEvent.click(cross());
    await noDialog();

    // Each popup shown is registered once (4), each close is 4 — the first one was shown before the second came.
    expect(codes()).toEqual([
      [first._id, 4],
      [second._id, 4],
      [second._id, 4],
      [first._id, 4],
    ]);
  });

  it('logs who saw it: the campaign, the delivery, the agent and code 4, silently', async () => {
    const { send, http } = setup();
    const n = popup('Акция');
    send(n);
    await dialog('Акция');
    await waitFor(() => expect(http.calls.filter((c) => c.path === LOG)).toHaveLength(1));
    const [call] = http.calls.filter((c) => c.path === LOG);
    expect(call.body).toEqual({ communicationId: n._id, guid: n.guid, agentId: DEMO_USERS.agent._id, reaction: 4 });
    expect(call.options).toMatchObject({ silent: true });
  });

  it('Esc closes it and logs 4', async () => {
    const { send, codes } = setup();
    const n = popup('Закройте меня');
    send(n);
    fireEvent.keyDown(await dialog('Закройте меня'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    await noDialog();
    expect(codes()).toEqual([
      [n._id, 4],
      [n._id, 4],
    ]);
  });

  it.each([
    [1, 'Подробнее', '/app/news/12'],
    [2, 'На сайт', 'https://oyster.example/promo'],
    [3, 'Позже', '/app/learning'],
  ])('button %i («%s»): logs its code, opens its link in a new tab (an app route under /app) and closes the popup', async (reaction, text, opened) => {
    const { send, codes } = setup();
    const n = popup('Три кнопки', {
      actionText: 'Подробнее',
      action: '/news/12',
      secondActionText: 'На сайт',
      secondAction: 'https://oyster.example/promo',
      thirdActionText: 'Позже',
      thirdAction: '/learning',
    });
    send(n);
    await dialog('Три кнопки');
    fireEvent.click(screen.getByRole('button', { name: text }));
    expect(win.mock.calls).toEqual([[opened, '_blank', 'noopener,noreferrer']]);
    await noDialog();
    expect(codes()).toEqual([
      [n._id, 4],
      [n._id, reaction],
    ]);
  });

  it('a second click before the popup is gone logs nothing more', async () => {
    const { send, codes } = setup();
    const n = popup('Двойной щелчок', { actionText: 'Подробнее', action: '/news' });
    send(n);
    await dialog('Двойной щелчок');
    const button = screen.getByRole('button', { name: 'Подробнее' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(footerClose());
    await noDialog();
    expect(codes()).toEqual([
      [n._id, 4],
      [n._id, 1],
    ]);
    expect(win).toHaveBeenCalledTimes(1);
  });

  it('only the buttons with a text; a button without a link just logs and closes', async () => {
    const { send, codes } = setup();
    const n = popup('Одна кнопка', { actionText: '  ', action: '/x', secondActionText: 'Понятно', secondAction: null });
    send(n);
    await dialog('Одна кнопка');
    expect(screen.queryByRole('button', { name: '/x' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent).filter(Boolean)).toEqual(['Закрыть', 'Понятно']);
    fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    await noDialog();
    expect(win).not.toHaveBeenCalled();
    expect(codes()).toEqual([
      [n._id, 4],
      [n._id, 2],
    ]);
  });

  it('shows the title, the HTML text and the image', async () => {
    const { send } = setup();
    send(popup('С картинкой', { text: '<p>Новый тариф <b>ОСАГО</b></p><ul><li>без комиссии</li></ul>' }, { image: { storageFileName: 'campaigns/banner.png' } }));
    const d = await dialog('С картинкой');
    expect(screen.getByText('ОСАГО').tagName).toBe('B');
    expect(screen.getByRole('listitem')).toHaveTextContent('без комиссии');
    const img = d.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/campaigns/banner.png');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('green buttons and a dark background when the campaign asks; the house look otherwise', async () => {
    const { send } = setup();
    send(popup('Обычный', { actionText: 'Открыть', action: '/news' }));
    await dialog('Обычный');
    expect(screen.getByRole('button', { name: 'Открыть' })).not.toHaveClass('oy-popup__action--green');
    expect(document.querySelector('.oy-popup--dark')).toBeNull();
    fireEvent.click(footerClose());
    await noDialog();

    send(popup('Тёмный зелёный', { actionText: 'Открыть', action: '/news', actionColor: 'green', darkBackground: true }));
    const d = await dialog('Тёмный зелёный');
    expect(screen.getByRole('button', { name: 'Открыть' })).toHaveClass('oy-popup__action--green');
    expect(d.closest('.oy-popup--dark')).not.toBeNull();
  });

  it('the same delivery never twice, not even after it was closed', async () => {
    const { send, codes } = setup();
    const n = popup('Один раз');
    send(n);
    send({ ...n });
    await dialog('Один раз');
    fireEvent.click(footerClose());
    await noDialog();
    send({ ...n });
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(codes()).toEqual([
      [n._id, 4],
      [n._id, 4],
    ]);
  });

  it('a personal user (staff) sees popups but nothing is logged', async () => {
    const { send, http } = setup({ user: DEMO_USERS.admin });
    send(popup('Для всех', { actionText: 'Подробнее', action: '/news' }));
    await dialog('Для всех');
    fireEvent.click(screen.getByRole('button', { name: 'Подробнее' }));
    await noDialog();
    send(popup('Ещё одна'));
    await dialog('Ещё одна');
    fireEvent.click(footerClose());
    await noDialog();
    expect(http.calls.filter((c) => c.path === LOG)).toEqual([]);
  });

  it('nobody signed in: no popup and no call at all', async () => {
    const { send, http } = setup({ user: null });
    send(popup('Никому'));
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('a failed log does not stop the user: the popup closes and the next one shows', async () => {
    const { send } = setup({
      log: () => {
        throw httpError(500);
      },
    });
    send(popup('Первая'));
    send(popup('Вторая'));
    await dialog('Вторая');
    fireEvent.click(footerClose());
    expect(await dialog('Первая')).toBeInTheDocument();
  });
});

describe('popups sent while the user was offline', () => {
  it('at sign-in they are fetched (silently) and queued, the newest shown first; signing out hides them', async () => {
    const older = popup('Вчерашняя');
    const newer = popup('Сегодняшняя');
    const { http, session$, codes } = setup({ user: null, pending: [older, newer] });
    expect(http.calls).toEqual([]);
    act(() => session$.next(DEMO_USERS.agent));
    expect(http.calls[0]).toMatchObject({ method: 'GET', path: PENDING, options: { silent: true } });
    expect(await dialog('Сегодняшняя')).toBeInTheDocument();
    fireEvent.click(footerClose());
    expect(await dialog('Вчерашняя')).toBeInTheDocument();
    expect(codes()).toEqual([
      [newer._id, 4],
      [newer._id, 4],
      [older._id, 4],
    ]);
    act(() => session$.next(null));
    await noDialog();
  });

  it('on start with a signed-in user too; the same user’s session_update does not fetch again', async () => {
    const { http, session$ } = setup({ pending: [popup('Пока вас не было')] });
    expect(await dialog('Пока вас не было')).toBeInTheDocument();
    act(() => session$.next({ ...DEMO_USERS.agent, fio: 'Другое имя' }));
    expect(http.calls.filter((c) => c.path === PENDING)).toHaveLength(1);
  });

  it('a failed fetch is quiet; the socket still brings new ones', async () => {
    const http = fakeHttp({
      [`GET ${PENDING}`]: () => {
        throw httpError(404);
      },
      [`POST ${LOG}`]: {},
    });
    const bus = new EventBus();
    const popups = new PopupService({ http, session$: new BehaviorSubject<SessionUser | null>(DEMO_USERS.agent) });
    popups.connect(bus);
    render(
      <OysterProvider>
        <PopupHost popups={popups} />
      </OysterProvider>,
    );
    await settle();
    act(() => bus.publish('notification-market', { options: { notification: popup('Живая') } }));
    expect(await dialog('Живая')).toBeInTheDocument();
  });
});

describe('the popup’s sound', () => {
  const realAudio = window.Audio;
  let play: jest.Mock;
  let audio: jest.Mock;
  beforeEach(() => {
    // The browser may refuse autoplay: play() rejects, and nothing breaks.
    play = jest.fn(() => Promise.reject(new Error('NotAllowedError')));
    audio = jest.fn(() => ({ play }));
    window.Audio = audio as unknown as typeof Audio;
  });
  afterEach(() => {
    window.Audio = realAudio;
  });

  it('plays once when shown, only with outputSound and one of the known sounds', async () => {
    const { send } = setup();
    send(popup('Со звуком', { outputSound: true, sound: 'sound2' }));
    await dialog('Со звуком');
    expect(audio.mock.calls).toEqual([['/app/sounds/sound2.wav']]);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(footerClose());
    await noDialog();

    send(popup('Звук выключен', { outputSound: false, sound: 'sound1' }));
    await dialog('Звук выключен');
    fireEvent.click(footerClose());
    await noDialog();
    send(popup('Чужой звук', { outputSound: true, sound: 'siren' as never }));
    await dialog('Чужой звук');
    expect(audio).toHaveBeenCalledTimes(1);
  });
});

describe('the shell’s services', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(DEMO_USERS.agent));
  });

  it('queue what the socket sends and ask for what came while offline', async () => {
    const f = fakeFetch({ [PENDING]: { status: 200, body: { data: [] } } });
    const services = createServices({ fetchImpl: f.impl });
    expect(f.calls.map((c) => c.url)).toContain(PENDING);
    const n = popup('Через сокет');
    services.bus.publish('notification-market', { options: { notification: n } });
    await waitFor(() => expect(services.popups.queue$.value).toEqual([n]));
  });

  it('the chat’s frame page shows no popups and fetches none', async () => {
    const f = fakeFetch({ [PENDING]: { status: 200, body: { data: [popup('Не здесь')] } } });
    const services = createServices({ fetchImpl: f.impl, frame: true });
    services.bus.publish('notification-market', { options: { notification: popup('И не здесь') } });
    await settle();
    expect(services.popups.queue$.value).toEqual([]);
    expect(f.calls.map((c) => c.url)).not.toContain(PENDING);
  });
});
