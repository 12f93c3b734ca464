import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type CampaignDetails } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'e'.repeat(24);
const details = (over: Partial<CampaignDetails> = {}): CampaignDetails => ({
  _id: ID,
  title: 'Неделя КАСКО',
  status: 'sent',
  sendAt: null,
  sentAt: '2026-11-20T09:05:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  author: 'Смирнова Анна Игоревна',
  recipients: 12,
  shown: 7,
  reacted: 3,
  text: '<p>Скидка <b>15 %</b></p>',
  actions: [
    { text: 'Подробнее', link: '/news' },
    { text: 'Оформить', link: 'https://oyster.example/kasko' },
  ],
  actionColor: 'green',
  darkBackground: false,
  sound: null,
  imageUrl: null,
  audience: { roles: [], networkIds: [], opf: ['SZ'], agentEmails: [] },
  reactions: { 1: 1, 2: 2, 3: 0, closed: 4 },
  ...over,
});

describe('«Рассылки»', () => {
  it('the list: status, when, and for a sent one how many got it, saw it and pressed a button', async () => {
    const http = fakeHttp({ 'GET /api/v2/campaigns': { data: [details(), { ...details({ _id: 'f'.repeat(24), title: 'Черновик акции', status: 'draft', sentAt: null }) }] } });
    await renderSection(RemoteRoutes, '/campaigns', { http, user: DEMO_USERS.copywriter });
    const list = await screen.findByRole('list', { name: 'Рассылки' });
    const sent = within(list).getByRole('listitem', { name: 'Неделя КАСКО' });
    expect(sent).toHaveTextContent('Отправлена 20.11.2026, 12:05');
    expect(sent).toHaveTextContent('Получили12Увидели7Нажали кнопку3');
    expect(within(list).getByRole('listitem', { name: 'Черновик акции' })).toHaveTextContent('Черновик');
  });

  it('a campaign’s page: the counts per button and the recipients; they follow live (campaign_stats)', async () => {
    let shown = 7;
    const http = fakeHttp({
      [`GET /api/v2/campaigns/${ID}`]: () => ({ data: details({ shown }) }),
      [`GET /api/v2/campaigns/${ID}/recipients`]: { data: { total: 1, items: [{ userId: 'u'.repeat(24), fio: 'Иванов Иван Петрович', email: 'agent@oyster.test', shownAt: '2026-11-20T09:06:00.000Z', reaction: 2, reactedAt: '2026-11-20T09:07:00.000Z' }] } },
    });
    const { bus } = await renderSection(RemoteRoutes, `/campaigns/${ID}`, { http, user: DEMO_USERS.admin });
    const figures = await screen.findByLabelText('Итоги');
    expect(figures).toHaveTextContent('«Подробнее»1');
    expect(figures).toHaveTextContent('«Оформить»2');
    expect(figures).toHaveTextContent('Закрыли4');
    const table = await screen.findByRole('table', { name: 'Получатели' });
    expect(table).toHaveTextContent('Иванов Иван Петрович');
    expect(table).toHaveTextContent('«Оформить»');
    expect(screen.getByTestId('popup-preview')).toHaveTextContent('Скидка 15 %');
    shown = 8;
    bus.publish('campaign_stats', { campaignId: ID });
    await waitFor(() => expect(screen.getByLabelText('Итоги')).toHaveTextContent('Увидели8'));
  });

  it('a new one: the audience is counted as it is chosen; «Отправить сейчас» saves, sends and opens it', async () => {
    const http = fakeHttp({
      'POST /api/v2/campaigns/audience': (body) => ({ data: { count: (body as { audience: { agentEmails: string[] } }).audience.agentEmails.length ? 1 : 40 } }),
      'POST /api/v2/campaigns': (body) => ({ data: details({ status: 'draft', title: (body as { title: string }).title }) }),
      [`POST /api/v2/campaigns/${ID}/send`]: { data: details() },
      [`GET /api/v2/campaigns/${ID}`]: { data: details() },
      [`GET /api/v2/campaigns/${ID}/recipients`]: { data: { total: 0, items: [] } },
    });
    await renderSection(RemoteRoutes, '/campaigns/new', { http, user: DEMO_USERS.copywriter });
    expect(await screen.findByText('Получат: 40')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Или список агентов/), { target: { value: 'agent@oyster.test' } });
    expect(await screen.findByText('Получат: 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Поле «title» обязательно');
    fireEvent.change(screen.getByLabelText(/Заголовок/), { target: { value: 'Неделя КАСКО' } });
    fireEvent.change(screen.getByLabelText(/Текст \(HTML/), { target: { value: '<p>Скидка</p><img src=x onerror=alert(1)>' } });
    expect(screen.getByTestId('popup-preview').querySelector('img')).toBeNull();
    fireEvent.change(screen.getByLabelText('Кнопка 1: текст'), { target: { value: 'Подробнее' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('У каждой кнопки должны быть текст и ссылка');
    fireEvent.change(screen.getByLabelText(/Кнопка 1: ссылка/), { target: { value: '/news' } });
    fireEvent.click(screen.getByRole('radio', { name: /Отправить сейчас/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить сейчас' }));
    await waitFor(() => expect(currentLocation()).toBe(`/campaigns/${ID}`));
    const post = http.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/campaigns')!;
    expect(post.body).toMatchObject({ title: 'Неделя КАСКО', actions: [{ text: 'Подробнее', link: '/news' }], audience: { agentEmails: ['agent@oyster.test'] }, sendAt: null });
    expect(http.calls.some((c) => c.path === `/api/v2/campaigns/${ID}/send`)).toBe(true);
  });

  it('the server’s refusal is shown as it says it', async () => {
    const http = fakeHttp({
      'POST /api/v2/campaigns/audience': { data: { count: 3 } },
      'POST /api/v2/campaigns': () => {
        throw httpError(400, { message: 'Поле «audience.agentEmails»: нет агентов с адресами ghost@oyster.test' });
      },
    });
    await renderSection(RemoteRoutes, '/campaigns/new', { http, user: DEMO_USERS.admin });
    fireEvent.change(await screen.findByLabelText(/Заголовок/), { target: { value: 'Акция' } });
    fireEvent.change(screen.getByLabelText(/Текст \(HTML/), { target: { value: 'Текст' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Поле «audience.agentEmails»: нет агентов с адресами ghost@oyster.test');
  });
});
