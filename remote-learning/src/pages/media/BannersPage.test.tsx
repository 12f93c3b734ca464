import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, never, pickFile, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const LIST = 'POST /api/v2/banners/list';
const B1 = '6b02bfe86da9071e42fa9b01';
const banner = (over: Record<string, unknown> = {}) => ({
  _id: B1,
  title: 'Е-ОСАГО за 10 минут',
  link: '/app/new-eosago',
  storageFileName: 'eosago.png',
  imageUrl: '/media/banners/eosago.png',
  active: true,
  position: 1,
  ...over,
});

describe('Banners management (media/banners)', () => {
  it('is for editors only', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/media/banners', { http, user: DEMO_USERS.agent });
    expect(screen.getByText('Нет доступа')).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('shows placeholders, then every banner (active or not)', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    const http = fakeHttp({ [LIST]: () => new Promise((r) => (resolve = r)) });
    await renderSection(RemoteRoutes, '/media/banners', { http, user: DEMO_USERS.copywriter });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    resolve({ data: { banners: [banner(), banner({ _id: 'b'.repeat(24), title: 'Сезон отпусков', active: false, link: null, position: 2 })] } });
    const list = await screen.findByRole('list', { name: 'Баннеры' });
    expect(http.calls[0].body).toEqual({ allBanners: true });
    expect(within(list).getByText('Е-ОСАГО за 10 минут')).toBeInTheDocument();
    expect(within(list).getByText('На главной')).toBeInTheDocument();
    expect(within(list).getByText('Скрыт')).toBeInTheDocument();
    expect(within(list).getByText('без ссылки')).toBeInTheDocument();
  });

  it('switches a banner off the home page', async () => {
    const http = fakeHttp({ [LIST]: { data: { banners: [banner()] } }, [`PATCH /api/v2/banners/${B1}`]: { data: {} } });
    const { toasts } = await renderSection(RemoteRoutes, '/media/banners', { http, user: DEMO_USERS.copywriter });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Показывать «Е-ОСАГО за 10 минут» на главной' }));
    expect(await screen.findByText('Скрыт')).toBeInTheDocument();
    expect(http.calls.at(-1)).toMatchObject({ method: 'PATCH', body: { active: false } });
    expect(toasts).toContainEqual({ type: 'success', body: 'Баннер скрыт с главной' });
  });

  it('adds a banner: the server’s refusal of the image is shown, then a good image is saved', async () => {
    let refuse = true;
    const http = fakeHttp({
      [LIST]: { data: { banners: [] } },
      'POST /api/v2/uploads?kind=banners': () => {
        if (refuse) throw httpError(400, { message: 'Недопустимый тип файла: разрешены PNG, JPEG, WEBP' });
        return { data: { storageFileName: 'new.png', url: '/media/banners/new.png', size: 50_000, mime: 'image/png' } };
      },
      'POST /api/v2/banners': { data: { banner: banner() } },
    });
    await renderSection(RemoteRoutes, '/media/banners', { http, user: DEMO_USERS.copywriter });
    expect(await screen.findByText('Баннеров пока нет')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Добавить баннер' })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Ипотека: +5%' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Загрузите изображение')).toBeInTheDocument();

    pickFile(dialog, 'Загрузить изображение', new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Недопустимый тип файла: разрешены PNG, JPEG, WEBP');

    refuse = false;
    pickFile(dialog, 'Загрузить изображение', new File(['png'], 'ipoteka.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Выбранное изображение' })).toHaveAttribute('src', '/media/banners/new.png');
    fireEvent.change(within(dialog).getByLabelText('Ссылка'), { target: { value: '/app/news' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(http.calls.some((c) => c.path === '/api/v2/banners')).toBe(true));
    expect(http.calls.find((c) => c.path === '/api/v2/banners')!.body).toEqual({ title: 'Ипотека: +5%', link: '/app/news', storageFileName: 'new.png', active: true });
  });

  it('shows a failed load in place', async () => {
    await renderSection(RemoteRoutes, '/media/banners', {
      http: fakeHttp({
        [LIST]: () => {
          throw httpError(403, { message: 'Нет доступа к данному ресурсу' });
        },
      }),
      user: DEMO_USERS.admin,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить баннеры');
  });

  it('keeps placeholders up while loading', async () => {
    await renderSection(RemoteRoutes, '/media/banners', { http: fakeHttp({ [LIST]: () => never() }), user: DEMO_USERS.admin });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
  });
});
