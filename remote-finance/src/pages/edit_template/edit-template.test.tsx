import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type CommissionTemplate } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { FINANCE, IVANOV, sampleTemplate, typeDate } from '../../testing';

/** Starts in 2099: not started yet, every field can change, it can be deleted. */
const FUTURE = sampleTemplate({ id: 'd3'.repeat(12), validFrom: '2099-01-01', validTo: '2099-12-31', rateBp: 1000 });
/** Started on 01.01.2026, open-ended. */
const STARTED = sampleTemplate();
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const facts = () => screen.getByRole('region', { name: 'Шаблон' });
const fact = (name: string) => within(facts()).getByText(name).nextSibling?.textContent;

function http(template: CommissionTemplate, patch: (body: unknown) => unknown = (body) => ({ data: { ...template, ...(body as object) } }), del: () => unknown = () => ({ data: { deleted: true } })) {
  return fakeHttp({
    [`GET /api/v2/finance/templates/${template.id}`]: { data: template },
    [`PATCH /api/v2/finance/templates/${template.id}`]: (body: unknown) => patch(body),
    [`DELETE /api/v2/finance/templates/${template.id}`]: () => del(),
  });
}

describe('«Персональный шаблон КВ» (edit_template/{templateId})', () => {
  test('its facts; a change sends only what changed (percent as basis points, the days as YYYY-MM-DD) and the page shows what the api now has', async () => {
    const patch = jest.fn((body: unknown) => ({ data: { ...FUTURE, ...(body as object) } }));
    const h = http(FUTURE, patch);
    const { toasts } = await renderSection(RemoteRoutes, `/edit_template/${FUTURE.id}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Персональный шаблон КВ' })).toBeTruthy();
    expect(within(facts()).getByRole('link', { name: IVANOV.fio }).getAttribute('href')).toBe(`/finance/templates?agent=${IVANOV._id}`);
    expect(fact('Страховщик')).toBe('ВСК');
    expect(fact('Продукт')).toBe('Е-ОСАГО');
    expect(fact('Ставка')).toBe('10%');
    expect(fact('Срок действия')).toBe('с 01.01.2099 по 31.12.2099');
    expect(fact('Состояние')).toBe('Ещё не начал действовать');
    expect(fact('Создал')).toBe(`${FINANCE.fio}, 20.12.2025`);

    // The form holds the template as it is; saving nothing changed asks nothing.
    expect(field(/Ставка, %/).value).toBe('10');
    expect(field(/Действует с/).value).toBe('01.01.2099');
    expect(field(/Действует по/).value).toBe('31.12.2099');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменений нет')).toBeTruthy();
    expect(patch).not.toHaveBeenCalled();

    fireEvent.change(field(/Ставка, %/), { target: { value: '11,75' } });
    await typeDate(field(/Действует с/), '01022099');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toEqual({ rateBp: 1175, validFrom: '2099-02-01' });
    await waitFor(() => expect(fact('Ставка')).toBe('11,75%'));
    expect(fact('Срок действия')).toBe('с 01.02.2099 по 31.12.2099');
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Шаблон сохранён' }));

    // Clearing «по» makes it open-ended.
    const clear = field(/Действует по/).closest('.ant-picker')!.querySelector('.ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(field(/Действует по/).value).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2));
    expect(patch.mock.calls[1][0]).toEqual({ validTo: null });
  });

  test('a started template: only its last day can change — the form says so, sends only validTo, and shows the api’s refusal at that field', async () => {
    const message = 'Поле «validTo»: шаблон, который уже действует, можно завершить не раньше сегодняшнего дня';
    const patch = jest.fn((_body: unknown) => {
      throw httpError(400, { message, field: 'validTo' });
    });
    await renderSection(RemoteRoutes, `/edit_template/${STARTED.id}`, { http: http(STARTED, patch), user: DEMO_USERS.finance });
    await screen.findByRole('heading', { level: 1, name: 'Персональный шаблон КВ' });
    expect(fact('Состояние')).toBe('Действует');
    expect(fact('Срок действия')).toBe('с 01.01.2026, бессрочно');
    expect(screen.getByRole('note')).toHaveTextContent('Шаблон уже действует: изменить ставку и дату начала нельзя, можно только завершить его раньше — укажите дату окончания.');
    expect(field(/Ставка, %/).disabled).toBe(true);
    expect(field(/Действует с/).disabled).toBe(true);
    // Started: nothing to delete.
    expect(screen.queryByRole('button', { name: 'Удалить' })).toBeNull();

    await typeDate(field(/Действует по/), '31122026');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    expect(patch.mock.calls[0][0]).toEqual({ validTo: '2026-12-31' });
    const shown = await screen.findByText(message);
    expect(shown.id).toBe('tpl-to-error');
  });

  test('«Удалить» a template that has not started: after the confirm, DELETE, a toast and back to the agent’s templates; «Отмена» deletes nothing', async () => {
    const del = jest.fn(() => ({ data: { deleted: true } }));
    const h = http(FUTURE, undefined, del);
    const { toasts } = await renderSection(RemoteRoutes, `/edit_template/${FUTURE.id}`, { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('heading', { level: 1, name: 'Персональный шаблон КВ' });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Удалить шаблон?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(del).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Иванов Иван Петрович: 10% на Е-ОСАГО ВСК, с 01\.01\.2099 по 31\.12\.2099/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(currentLocation()).toBe(`/finance/templates?agent=${IVANOV._id}`));
    expect(del).toHaveBeenCalledTimes(1);
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Шаблон удалён' }));
  });

  test('the api refusing the deletion (409: it has started meanwhile) says why on the page', async () => {
    const h = http(FUTURE, undefined, () => {
      throw httpError(409, { message: 'Шаблон уже действует: удалить его нельзя, его можно завершить' });
    });
    await renderSection(RemoteRoutes, `/edit_template/${FUTURE.id}`, { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('heading', { level: 1, name: 'Персональный шаблон КВ' });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да' }));
    expect(await within(facts()).findByRole('alert')).toHaveTextContent('Шаблон уже действует: удалить его нельзя, его можно завершить');
    expect(currentLocation()).toBe(`/edit_template/${FUTURE.id}`);
  });

  test('a template that is not there: «Шаблон не найден» (the api’s words) and the way back; a mistyped id asks nothing', async () => {
    const id = 'd4'.repeat(12);
    const h = fakeHttp({
      [`GET /api/v2/finance/templates/${id}`]: () => {
        throw httpError(404, { message: 'Шаблон не найден' });
      },
    });
    await renderSection(RemoteRoutes, `/edit_template/${id}`, { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { name: 'Шаблон не найден' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Персональные шаблоны КВ' }));
    expect(currentLocation()).toBe('/finance/templates');

    const none = fakeHttp({});
    await renderSection(RemoteRoutes, '/edit_template/not-an-id', { http: none, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { name: 'Шаблон не найден' })).toBeTruthy();
    expect(none.calls).toHaveLength(0);
  });

  test('the api’s 403 is said in place with «Повторить»', async () => {
    const h = fakeHttp({
      [`GET /api/v2/finance/templates/${FUTURE.id}`]: () => {
        throw httpError(403, { message: 'Нет доступа к данному ресурсу' });
      },
    });
    await renderSection(RemoteRoutes, `/edit_template/${FUTURE.id}`, { http: h, user: DEMO_USERS.admin });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Нет доступа к данному ресурсу')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
