import * as React from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ClientCard, ClientListItem, Vehicle } from '@oyster/shared-kit/domain';
import { ClientPicker, VehiclePicker, type RecordSource } from './RecordPicker';
import { renderKit } from './test-utils';

const AGENT = { id: 'a'.repeat(24), fio: 'Иванов И. П.' };
const MARIA: ClientListItem = { id: '1'.repeat(24), kind: 'person', name: 'Петрова Мария Игоревна', phone: '+7 (916) 555-44-33', email: null, birthDate: '1990-04-12', inn: null, plates: ['А777МР77'], agent: AGENT, updatedAt: '2026-11-01T10:00:00.000Z' };
const KIA: Vehicle = { id: '2'.repeat(24), clientId: MARIA.id, ownerName: MARIA.name, make: 'Kia', model: 'Rio', year: 2018, vin: 'Z94CB41AAJR123456', bodyNumber: null, plate: 'А777МР77', powerHp: 123, category: 'B', document: null, agent: AGENT, updatedAt: MARIA.updatedAt };
const CARD = { client: { ...MARIA, lastName: 'Петрова', firstName: 'Мария', middleName: 'Игоревна', passport: { series: '4511', number: '654321', issuedAt: null, issuer: null, unitCode: null }, companyName: null, kpp: null, ogrn: null, contactPerson: null, address: null, createdAt: MARIA.updatedAt }, vehicles: [KIA], contracts: [], canDelete: true } as ClientCard;

function source() {
  const calls: string[] = [];
  const s: RecordSource = {
    clients: jest.fn(async (search: string) => (calls.push(`clients ${search}`), [MARIA])),
    client: jest.fn(async (id: string) => (calls.push(`client ${id}`), CARD)),
    vehicles: jest.fn(async (search: string) => (calls.push(`vehicles ${search}`), [KIA])),
  };
  return { s, calls };
}

async function wait(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

describe('«Выбрать клиента» (issue 25)', () => {
  it('searches 500 ms after the last key, lists name with phone and plates, and hands the picked client to the form', async () => {
    const { s, calls } = source();
    const onPick = jest.fn();
    renderKit(<ClientPicker source={s} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Выбрать клиента' });
    fireEvent.change(input, { target: { value: 'пет' } });
    await wait(300);
    fireEvent.change(input, { target: { value: 'петр' } });
    await wait(499);
    expect(calls).toEqual([]);
    await wait(1);
    expect(calls).toEqual(['clients петр']);
    const option = screen.getByRole('option');
    expect(option.textContent).toBe('Петрова Мария Игоревна+7 (916) 555-44-33 · А777МР77');
    fireEvent.click(option);
    await wait(0);
    expect(calls).toEqual(['clients петр', `client ${MARIA.id}`]);
    expect(onPick).toHaveBeenCalledWith(CARD);
    expect(screen.getByRole('status').textContent).toBe('Данные клиента «Петрова Мария Игоревна» подставлены в форму');
  });

  it('a failed load of the picked client says so under the field and fills nothing', async () => {
    const { s } = source();
    (s.client as jest.Mock).mockRejectedValueOnce(new Error('нет сети'));
    const onPick = jest.fn();
    renderKit(<ClientPicker source={s} onPick={onPick} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Выбрать клиента' }), { target: { value: '916' } });
    await wait(500);
    fireEvent.click(screen.getByRole('option'));
    await wait(0);
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByText('Не удалось загрузить клиента: попробуйте ещё раз')).toBeTruthy();
  });
});

describe('«Выбрать автомобиль»', () => {
  it('finds by plate and hands the vehicle to the form', async () => {
    const { s, calls } = source();
    const onPick = jest.fn();
    renderKit(<VehiclePicker source={s} onPick={onPick} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Выбрать автомобиль' }), { target: { value: 'а777' } });
    await wait(500);
    expect(calls).toEqual(['vehicles а777']);
    const option = screen.getByRole('option');
    expect(option.textContent).toBe('Kia Rio 2018, А777МР77Петрова Мария Игоревна');
    fireEvent.click(option);
    await wait(0);
    expect(onPick).toHaveBeenCalledWith(KIA);
  });
});
