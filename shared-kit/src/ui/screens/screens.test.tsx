import * as React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { HttpError } from '@oyster/shared-kit/runtime';
import { Input } from '@oyster/shared-kit/ui/base';
import { Form } from '@oyster/shared-kit/ui';
import { currentLocation, DEMO_USERS, fakeHttp, never, pickFile, renderApp, setTestRuntime } from '@oyster/shared-kit/testing';
import {
  ConfirmDelete,
  EmptyState,
  FormDialog,
  Pager,
  RequireAccess,
  ScreenScope,
  ShowMore,
  useKeysetList,
  UploadButton,
  useItemPage,
  WidgetList,
  useLoad,
} from './index';

describe('RequireAccess', () => {
  const gate = (
    <RequireAccess flag="canEditLearning" reason="Редактировать материалы могут копирайтеры и администраторы.">
      <p>Форма редактора</p>
    </RequireAccess>
  );

  it('shows the page to a user with the flag (a copywriter)', () => {
    setTestRuntime(fakeHttp({}), DEMO_USERS.copywriter);
    renderApp(gate);
    expect(screen.getByText('Форма редактора')).toBeInTheDocument();
    expect(screen.queryByText('Нет доступа')).not.toBeInTheDocument();
  });

  it('refuses a user without it (an agent): «Нет доступа», why, and «Назад»', () => {
    setTestRuntime(fakeHttp({}), DEMO_USERS.agent);
    renderApp(gate);
    expect(screen.queryByText('Форма редактора')).not.toBeInTheDocument();
    const refusal = screen.getByTestId('no-access');
    expect(within(refusal).getByText('Нет доступа')).toBeInTheDocument();
    expect(within(refusal).getByText('Редактировать материалы могут копирайтеры и администраторы.')).toBeInTheDocument();
    expect(within(refusal).getByRole('button', { name: 'Назад' })).toBeInTheDocument();
  });

  it('without a flag lets everyone in', () => {
    setTestRuntime(fakeHttp({}), DEMO_USERS.agent);
    renderApp(<RequireAccess flag={undefined}>открыто</RequireAccess>);
    expect(screen.getByText('открыто')).toBeInTheDocument();
  });
});

describe('Pager', () => {
  it('is hidden on one page; otherwise marks the current page and turns pages', () => {
    const onChange = jest.fn();
    const { rerender } = renderApp(<Pager page={1} pageSize={10} total={10} onChange={onChange} />);
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
    rerender(<Pager page={6} pageSize={10} total={120} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(nav).getByRole('button', { name: 'Страница 6' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    fireEvent.click(within(nav).getByRole('button', { name: 'Следующая страница' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Страница 12' }));
    expect(onChange.mock.calls).toEqual([[7], [12]]);
  });
});

describe('EmptyState', () => {
  it('is named empty-state, or after the remote inside its ScreenScope', () => {
    renderApp(
      <>
        <EmptyState text="Пусто" />
        <ScreenScope name="learning">
          <EmptyState text="Новостей пока нет" />
        </ScreenScope>
      </>,
    );
    expect(screen.getByTestId('empty-state')).toHaveTextContent('Пусто');
    expect(screen.getByTestId('learning-empty')).toHaveTextContent('Новостей пока нет');
  });
});

function Item({ load }: { load: (signal: AbortSignal) => Promise<{ title: string }> }) {
  const page = useItemPage(load, [], { back: { to: '/news', label: 'Все новости' }, notFoundHint: 'Возможно, запись удалена.' });
  if (!page.ready) return page.placeholder;
  return <h1>{page.data.title}</h1>;
}

describe('useItemPage (an item page’s preamble)', () => {
  it('shows placeholders while the item loads, then the page', async () => {
    let answer!: (v: { title: string }) => void;
    renderApp(<Item load={() => new Promise((r) => (answer = r))} />);
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Все новости' })).toHaveAttribute('href', '/news');
    await act(async () => answer({ title: 'Новые тарифы' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Новые тарифы' })).toBeInTheDocument();
  });

  it('not found: the message as the heading, the hint and a way back', async () => {
    await act(async () => {
      renderApp(
        <Routes>
          <Route path="/news/1" element={<Item load={() => Promise.reject(new HttpError(404, 'Новость не найдена'))} />} />
          <Route path="*" element={null} />
        </Routes>,
        { route: '/news/1' },
      );
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Новость не найдена' })).toBeInTheDocument();
    expect(screen.getByText('Возможно, запись удалена.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Все новости' }));
    expect(currentLocation()).toBe('/news');
  });

  it('any other failure: the message with «Повторить», which loads again', async () => {
    let fail = true;
    const load = jest.fn(() => (fail ? Promise.reject(new HttpError(0, 'Нет связи с сервером')) : Promise.resolve({ title: 'Вернулась' })));
    await act(async () => void renderApp(<Item load={load} />));
    expect(screen.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Повторить' })));
    expect(screen.getByRole('heading', { level: 1, name: 'Вернулась' })).toBeInTheDocument();
  });
});

describe('WidgetList', () => {
  function News({ load }: { load: (s: AbortSignal) => Promise<Array<{ _id: string; title: string }>> }) {
    const l = useLoad(load, []);
    return (
      <WidgetList title="Новости" testId="news-widget" all={{ to: '/news', label: 'Все новости' }} listLabel="Последние новости" errorTitle="Не удалось загрузить новости" emptyText="Новостей пока нет" load={l}>
        {(n) => n.title}
      </WidgetList>
    );
  }

  it('lists the items under its title with a link to the section; says when there are none', async () => {
    await act(async () => void renderApp(<News load={async () => [{ _id: '1', title: 'Первая' }, { _id: '2', title: 'Вторая' }]} />));
    const widget = screen.getByRole('region', { name: 'Новости' });
    expect(within(widget).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Первая', 'Вторая']);
    expect(within(widget).getByRole('link', { name: 'Все новости' })).toHaveAttribute('href', '/news');
  });

  it('a failure stays in the widget, compact, without the technical message', async () => {
    await act(async () => void renderApp(<News load={() => Promise.reject(new Error('500 Internal'))} />));
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить новости');
    expect(screen.getByRole('alert')).not.toHaveTextContent('500 Internal');
    await act(async () => void renderApp(<News load={() => never()} />));
    expect(screen.getAllByRole('status', { name: 'Загрузка' }).length).toBeGreaterThan(0);
  });
});

describe('UploadButton', () => {
  it("uploads the picked file; a refusal shows the server's message under the button", async () => {
    let fail = true;
    const upload = jest.fn(async (file: File) => {
      if (fail) throw new HttpError(400, 'Файл больше 10 МБ');
      return { url: `/media/${file.name}` };
    });
    const onUploaded = jest.fn();
    const { container } = renderApp(<UploadButton upload={upload} label="Загрузить" onUploaded={onUploaded} />);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await act(async () => pickFile(container, 'Загрузить', file));
    expect(screen.getByRole('alert')).toHaveTextContent('Файл больше 10 МБ');
    fail = false;
    await act(async () => pickFile(container, 'Загрузить', file));
    expect(onUploaded).toHaveBeenCalledWith({ url: '/media/a.png' }, file);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ConfirmDelete and FormDialog', () => {
  it('asks «Отмена» / «Да» before deleting, then says it is done', async () => {
    const { toasts } = setTestRuntime(fakeHttp({}));
    const onConfirm = jest.fn(async () => undefined);
    renderApp(
      <ConfirmDelete title="Удалить баннер?" doneText="Баннер удалён" onConfirm={onConfirm}>
        <button type="button">Удалить</button>
      </ConfirmDelete>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Удалить баннер?');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Да' })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([{ type: 'success', body: 'Баннер удалён' }]);
  });

  it('a dialog saves what is typed, then says so; a refused save keeps it open', async () => {
    setTestRuntime(fakeHttp({}));
    let fail = true;
    const onSubmit = jest.fn(async () => {
      if (fail) throw new Error('400');
    });
    const onSaved = jest.fn();
    renderApp(
      <FormDialog<{ title: string }> title="Новый баннер" name="banner" initialValues={{ title: '' }} onSubmit={onSubmit} onClose={() => undefined} onSaved={onSaved}>
        <Form.Item name="title" label="Название" rules={[{ required: true, message: 'Введите название' }]}>
          <Input />
        </Form.Item>
      </FormDialog>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите название')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: 'Весна' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await act(async () => undefined);
    await screen.findByRole('dialog');
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Весна' });
    expect(onSaved).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await act(async () => undefined);
    await act(async () => undefined);
    expect(onSaved).toHaveBeenCalledWith({ title: 'Весна' });
  });
});

describe('a keyset list with «Показать ещё»', () => {
  function Names({ fetchPage }: { fetchPage: (q: URLSearchParams, after: number | null) => Promise<{ items: string[]; next: number | null }> }) {
    const { state, more, refresh } = useKeysetList(['q'], fetchPage);
    if (state.status !== 'ready') return <p>{state.status}</p>;
    return (
      <>
        <ul aria-label="Имена">{state.items.map((n) => <li key={n}>{n}</li>)}</ul>
        <ShowMore state={state} onMore={() => void more()} />
        <button onClick={refresh}>Обновить</button>
      </>
    );
  }

  it('refresh after «Показать ещё» reads as many rows again: the list does not shrink to its first page', async () => {
    setTestRuntime(fakeHttp({}));
    let extra = '';
    const fetchPage = jest.fn(async (_q: URLSearchParams, after: number | null) =>
      after === null ? { items: [`Анна${extra}`, 'Борис'], next: 2 } : after === 2 ? { items: ['Вера'], next: 3 } : { items: ['Глеб'], next: null },
    );
    renderApp(<Names fetchPage={fetchPage} />);
    await screen.findByText('Борис');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await screen.findByText('Вера');
    extra = ' (изменена)';
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await screen.findByText('Анна (изменена)');
    expect(within(screen.getByRole('list', { name: 'Имена' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Анна (изменена)', 'Борис', 'Вера']);
    expect(fetchPage.mock.calls.map(([, after]) => after)).toEqual([null, 2, null, 2]);
    expect(screen.getByRole('button', { name: 'Показать ещё' })).toBeInTheDocument();
  });

  it('refresh reads the first page again with the rows still shown; a failed refresh keeps them', async () => {
    setTestRuntime(fakeHttp({}));
    const answers: Array<() => Promise<{ items: string[]; next: number | null }>> = [
      async () => ({ items: ['Анна'], next: null }),
      () => new Promise((r) => setTimeout(() => r({ items: ['Анна', 'Глеб'], next: null }), 50)),
      async () => {
        throw new HttpError(503, 'Сервис временно недоступен');
      },
    ];
    const fetchPage = jest.fn((_q: URLSearchParams, _after: number | null) => answers.shift()!());
    renderApp(<Names fetchPage={fetchPage} />);
    await screen.findByText('Анна');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(screen.getByText('Анна')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    await screen.findByText('Глеб');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await act(async () => undefined);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(within(screen.getByRole('list', { name: 'Имена' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Анна', 'Глеб']);
  });

  it('appends the next page by its cursor; a failed one keeps the rows, says why and asks again on the next press; the last page has no button', async () => {
    setTestRuntime(fakeHttp({}));
    let fail = true;
    const fetchPage = jest.fn(async (_q: URLSearchParams, after: number | null) => {
      if (after === null) return { items: ['Анна', 'Борис'], next: 2 };
      if (fail) throw new HttpError(500, 'Системная ошибка. Обратитесь к администратору');
      return { items: ['Вера'], next: null };
    });
    renderApp(<Names fetchPage={fetchPage} />);
    await screen.findByText('Борис');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Системная ошибка. Обратитесь к администратору');
    expect(within(screen.getByRole('list', { name: 'Имена' })).getAllByRole('listitem')).toHaveLength(2);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await screen.findByText('Вера');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(fetchPage.mock.calls.map(([, after]) => after)).toEqual([null, 2, 2]);
  });
});
