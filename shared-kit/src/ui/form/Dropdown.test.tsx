import * as React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Dropdown, MultiDropdown, type DropdownOption } from './Dropdown';
import { Controlled, renderKit } from './test-utils';

const CITIES: DropdownOption[] = [
  { key: 3, text: 'Москва' },
  { key: 1, text: 'Архангельск' },
  { key: 2, text: 'Екатеринбург' },
  { key: 1, text: 'Архангельск (повтор)' },
  { key: 4, text: 'Ёлкино', value: { code: 'yolkino' } },
];

const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

function single(onValue = jest.fn(), initial: unknown = null) {
  renderKit(<Controlled<unknown> initial={initial} onValue={onValue} render={(v, on) => <Dropdown aria-label="Город" options={CITIES} value={v} onChange={on} />} />);
  const box = screen.getByRole('combobox', { name: 'Город' });
  return { box, onValue };
}

describe('Dropdown (§4, §5)', () => {
  it('lists the options sorted by text with repeated keys dropped', () => {
    const { box } = single();
    fireEvent.mouseDown(box);
    expect(optionTexts()).toEqual(['Архангельск', 'Екатеринбург', 'Ёлкино', 'Москва']);
  });

  it('searches the label without regard to case', () => {
    const { box } = single();
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'мОСК' } });
    expect(optionTexts()).toEqual(['Москва']);
    fireEvent.change(box, { target: { value: 'бург' } });
    expect(optionTexts()).toEqual(['Екатеринбург']);
  });

  it('says «Не найдено» when nothing matches', () => {
    const { box } = single();
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'Париж' } });
    expect(optionTexts()).toEqual([]);
    expect(screen.getByText('Не найдено')).toBeInTheDocument();
  });

  it('gives the chosen option’s value (its key when it has none) and null after clearing', () => {
    const { box, onValue } = single();
    fireEvent.mouseDown(box);
    fireEvent.click(screen.getByRole('option', { name: 'Екатеринбург' }));
    expect(onValue).toHaveBeenLastCalledWith(2);
    fireEvent.mouseDown(box);
    fireEvent.click(screen.getByRole('option', { name: 'Ёлкино' }));
    expect(onValue).toHaveBeenLastCalledWith({ code: 'yolkino' });
    const clear = document.querySelector('.ant-select-clear') as HTMLElement;
    expect(clear).not.toBeNull();
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows the chosen option’s text for a value given from outside', () => {
    single(jest.fn(), 3);
    expect(screen.getByText('Москва')).toBeInTheDocument();
  });

  it('has a 234px menu', () => {
    const { box } = single();
    fireEvent.mouseDown(box);
    expect((document.querySelector('.ant-select-dropdown-list-holder') as HTMLElement).style.maxHeight).toBe('234px');
  });
});

describe('MultiDropdown (§9)', () => {
  function multi(initial: unknown[] = []) {
    const onValue = jest.fn();
    renderKit(<Controlled<unknown[]> initial={initial} onValue={onValue} render={(v, on) => <MultiDropdown aria-label="Города" options={CITIES} value={v} onChange={on} />} />);
    return { box: screen.getByRole('combobox', { name: 'Города' }), onValue };
  }

  it('says «Выбрать» when nothing is chosen', () => {
    multi();
    expect(screen.getByText('Выбрать')).toBeInTheDocument();
  });

  it('«Выбрать все» chooses every option, «Очистить» none', () => {
    const { box, onValue } = multi();
    fireEvent.mouseDown(box);
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать все' }));
    expect(onValue).toHaveBeenLastCalledWith([1, 2, { code: 'yolkino' }, 3]);
    expect(screen.getByRole('button', { name: 'Выбрать все' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(onValue).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('button', { name: 'Очистить' })).toBeDisabled();
  });

  it('adds options one by one and searches like the dropdown', () => {
    const { box, onValue } = multi();
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'ЕКАТ' } });
    fireEvent.click(screen.getByRole('option', { name: 'Екатеринбург' }));
    expect(onValue).toHaveBeenLastCalledWith([2]);
    fireEvent.change(box, { target: { value: 'нет такого' } });
    expect(screen.getByText('Не найдено')).toBeInTheDocument();
  });

  it('has a 250px menu', () => {
    const { box } = multi();
    fireEvent.mouseDown(box);
    expect((document.querySelector('.ant-select-dropdown-list-holder') as HTMLElement).style.maxHeight).toBe('250px');
  });
});
