import * as React from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { FileSendRow } from './FileSendRow';
import { REPORT_STATUS_TITLES, StatusIcon } from './StatusIcon';
import { renderKit } from './test-utils';

describe('FileSendRow (§4)', () => {
  it('shows the name and size; once sent the button reads «Отправлено страховой» and is disabled', async () => {
    let resolve: () => void = () => undefined;
    const onSend = jest.fn(() => new Promise<void>((r) => (resolve = r)));
    renderKit(<FileSendRow fileName="ПТС.pdf" size={254_000} onSend={onSend} />);
    expect(screen.getByText('ПТС.pdf')).toBeInTheDocument();
    expect(screen.getByText('248\u00a0КБ', { normalizer: (t) => t })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Отправить страховой' });
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    const sent = screen.getByRole('button', { name: 'Отправлено страховой' });
    expect(sent).toBeDisabled();
  });

  it('stays sendable when the send fails', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderKit(<FileSendRow fileName="a.jpg" size={10} onSend={() => Promise.reject(new Error('500'))} />);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Отправить страховой' })));
    expect(screen.getByRole('button', { name: 'Отправить страховой' })).toBeEnabled();
    error.mockRestore();
  });

  it('follows a `sent` flag given from outside', () => {
    renderKit(<FileSendRow fileName="a.jpg" size={10} sent />);
    expect(screen.getByRole('button', { name: 'Отправлено страховой' })).toBeDisabled();
  });

  it('writes sizes in Russian units, as everywhere (formatFileSize of @oyster/shared-kit/domain)', () => {
    const { unmount } = renderKit(<FileSendRow fileName="a.pdf" size={1536} />);
    expect(screen.getByText('1,5\u00a0КБ', { normalizer: (t) => t })).toBeInTheDocument();
    unmount();
    renderKit(<FileSendRow fileName="b.pdf" size={512} />);
    expect(screen.getByText('512\u00a0Б', { normalizer: (t) => t })).toBeInTheDocument();
  });
});

describe('StatusIcon (§3)', () => {
  const iconOf = (status: string | null) => {
    const { container, unmount } = renderKit(<StatusIcon status={status} />);
    const key = container.querySelector('[data-icon]')!.getAttribute('data-icon');
    const name = screen.getByRole('img').getAttribute('aria-label');
    unmount();
    return { key, name };
  };

  it('gives each report status its Russian name', () => {
    expect(iconOf('draft').name).toBe('Черновик');
    expect(iconOf('wait_payment').name).toBe('Ожидает оплаты');
    expect(iconOf('payment_hold').name).toBe('Средства заблокированы');
    expect(iconOf('payment_complete').name).toBe('Оплачен');
    expect(iconOf('in_action').name).toBe('Действует');
    expect(iconOf('not_released').name).toBe('Не состоялся');
  });

  it('wait_payment and payment_hold share one icon, stopped and not_released share one, the rest differ', () => {
    expect(iconOf('wait_payment').key).toBe(iconOf('payment_hold').key);
    expect(iconOf('stopped').key).toBe(iconOf('not_released').key);
    const distinct = new Set(Object.keys(REPORT_STATUS_TITLES).map((s) => iconOf(s).key));
    expect(distinct.size).toBe(9);
  });

  it('an unknown status shows the draft icon', () => {
    expect(iconOf('something_new').key).toBe(iconOf('draft').key);
    expect(iconOf(null).key).toBe(iconOf('draft').key);
  });

  it('can show its name as text', () => {
    renderKit(<StatusIcon status="archive" withText />);
    expect(screen.getByText('Архив')).toBeInTheDocument();
  });
});
