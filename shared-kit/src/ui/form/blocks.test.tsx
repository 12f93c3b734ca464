import * as React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { FormBlock } from './FormBlock';
import { Stepper } from './Stepper';
import { renderKit } from './test-utils';

describe('FormBlock (§2)', () => {
  it('shows the exact valid and invalid messages', () => {
    const { rerender } = renderKit(
      <FormBlock title="Страхователь" status="valid">
        <input aria-label="Фамилия" />
      </FormBlock>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Все поля заполнены верно');
    rerender(
      <FormBlock title="Страхователь" status="invalid">
        <input aria-label="Фамилия" />
      </FormBlock>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Неправильно заполнено одно или несколько полей выше. Пожалуйста проверьте.');
    rerender(
      <FormBlock title="Страхователь">
        <input aria-label="Фамилия" />
      </FormBlock>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('folds and unfolds its fields with the heading button, animated for 0.25 s', () => {
    renderKit(
      <FormBlock title="Транспортное средство">
        <input aria-label="VIN" />
      </FormBlock>,
    );
    const head = screen.getByRole('button', { name: 'Транспортное средство' });
    expect(head).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Транспортное средство' })).toContainElement(screen.getByLabelText('VIN'));
    fireEvent.click(head);
    expect(head).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument(); // hidden from the accessibility tree
    fireEvent.click(head);
    expect(head).toHaveAttribute('aria-expanded', 'true');
    const css = document.querySelector('style[data-oyster="form-kit"]')!.textContent!;
    expect(css).toMatch(/\.oy-block__body\{[^}]*transition:grid-template-rows \.25s/);
  });

  it('keeps the invalid message visible when folded', () => {
    renderKit(
      <FormBlock title="Собственник" status="invalid" defaultOpen={false}>
        <input aria-label="Имя" />
      </FormBlock>,
    );
    expect(screen.getByRole('button', { name: 'Собственник' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Неправильно заполнено');
  });
});

describe('Stepper (§2)', () => {
  const STEPS = ['Расчёт', 'Оформление', 'Оплата', 'Полис'];

  it('numbers the steps, passed ones included', () => {
    renderKit(<Stepper steps={STEPS} current={2} onChange={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Шаги' });
    for (const [i, title] of STEPS.entries()) {
      expect(within(nav).getByText(title)).toBeInTheDocument();
      expect(within(nav).getByText(String(i + 1))).toBeInTheDocument();
    }
  });

  it('goes back to an earlier step but not forward past the current one', () => {
    const onChange = jest.fn();
    renderKit(<Stepper steps={STEPS} current={2} onChange={onChange} />);
    fireEvent.click(screen.getByText('Расчёт'));
    expect(onChange).toHaveBeenLastCalledWith(0);
    fireEvent.click(screen.getByText('Оформление'));
    expect(onChange).toHaveBeenLastCalledWith(1);
    onChange.mockClear();
    fireEvent.click(screen.getByText('Оплата'));
    fireEvent.click(screen.getByText('Полис'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
