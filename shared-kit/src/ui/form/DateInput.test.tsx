import * as React from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { DateInput } from './DateInput';
import { Controlled, renderKit, typeInto } from './test-utils';

function mount(initial: string, extra: Record<string, unknown> = {}) {
  const onValue = jest.fn();
  renderKit(<Controlled<string> initial={initial} onValue={onValue} render={(v, on) => <DateInput id="d" aria-label="Дата" value={v} onChange={on} {...extra} />} />);
  return { input: screen.getByLabelText('Дата') as HTMLInputElement, onValue };
}

const popup = () => document.querySelector('.ant-picker-dropdown') as HTMLElement | null;
const isOpen = () => !!popup() && !popup()!.classList.contains('ant-picker-dropdown-hidden');
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

async function openCalendar(input: HTMLElement) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.click(input);
  await settle();
}

async function retype(input: HTMLInputElement, digits: string) {
  fireEvent.change(input, { target: { value: '' } });
  typeInto(input, digits);
  fireEvent.keyDown(input, { key: 'Enter' });
  await settle();
}

describe('DateInput (§5)', () => {
  it('a day under the pointer is not put into the box: digits typed with the mouse resting on the calendar stay what was typed', async () => {
    const { input } = mount('');
    await openCalendar(input);
    typeInto(input, '15');
    const cell = popup()!.querySelector('td.ant-picker-cell-in-view') as HTMLElement;
    fireEvent.mouseEnter(cell);
    fireEvent.mouseOver(cell);
    await settle();
    expect(input.value).toBe('15.');
  });

  it('takes digits through the dd.mm.yyyy mask and gives the date as text', async () => {
    const { input, onValue } = mount('');
    await openCalendar(input);
    await retype(input, '15032024');
    expect(input.value).toBe('15.03.2024');
    expect(onValue).toHaveBeenLastCalledWith('15.03.2024');
    expect(isOpen()).toBe(false);
  });

  it('ignores a date that does not exist and closes the calendar', async () => {
    const { input, onValue } = mount('10.01.2024');
    await openCalendar(input);
    expect(isOpen()).toBe(true);
    await retype(input, '31022024');
    expect(onValue).not.toHaveBeenCalled();
    expect(isOpen()).toBe(false);
    fireEvent.blur(input);
    await settle();
    expect(input.value).toBe('10.01.2024');
  });

  it('Escape closes the calendar and keeps a whole date typed before it', async () => {
    const { input, onValue } = mount('');
    await openCalendar(input);
    fireEvent.change(input, { target: { value: '' } });
    typeInto(input, '01021990');
    fireEvent.keyDown(input, { key: 'Escape' });
    await settle();
    expect(onValue).toHaveBeenLastCalledWith('01.02.1990');
    expect(isOpen()).toBe(false);
    expect(input.value).toBe('01.02.1990');
  });

  it('ignores a typed date outside min/max or on a disabled tile', async () => {
    const { input, onValue } = mount('10.01.2024', { min: '05.01.2024', max: '20.02.2024', disabledDate: (d: string) => d === '15.01.2024' });
    await openCalendar(input);
    await retype(input, '01012024');
    await openCalendar(input);
    await retype(input, '15012024');
    await openCalendar(input);
    await retype(input, '21022024');
    expect(onValue).not.toHaveBeenCalled();
    await openCalendar(input);
    await retype(input, '16012024');
    expect(onValue).toHaveBeenLastCalledWith('16.01.2024');
  });

  it('greys out the tiles before min, after max and the disabled ones', async () => {
    const { input } = mount('10.01.2024', { min: '05.01.2024', max: '20.02.2024', disabledDate: (d: string) => d === '15.01.2024' });
    await openCalendar(input);
    const tile = (iso: string) => document.querySelector(`td[title="${iso}"]`)!;
    expect(tile('2024-01-04')).toHaveClass('ant-picker-cell-disabled');
    expect(tile('2024-01-05')).not.toHaveClass('ant-picker-cell-disabled');
    expect(tile('2024-01-15')).toHaveClass('ant-picker-cell-disabled');
    expect(tile('2024-01-16')).not.toHaveClass('ant-picker-cell-disabled');
  });

  it('is in Russian', async () => {
    const { input } = mount('10.01.2024');
    await openCalendar(input);
    expect(popup()).toHaveTextContent(/янв/i);
    expect(popup()).toHaveTextContent(/пн/i);
  });

  it('choosing a tile gives its date', async () => {
    const { input, onValue } = mount('10.01.2024');
    await openCalendar(input);
    fireEvent.click(document.querySelector('td[title="2024-01-22"] .ant-picker-cell-inner')!);
    await settle();
    expect(onValue).toHaveBeenLastCalledWith('22.01.2024');
  });

  it('a cleared date is an empty string', async () => {
    const { onValue } = mount('10.01.2024');
    const clear = document.querySelector('.ant-picker-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await settle();
    expect(onValue).toHaveBeenLastCalledWith('');
  });
});
