import * as React from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ConfirmDialog } from './dialogs';

// antd's Modal fades out for a moment after `open` turns false (jsdom ends that at once): here a Modal that
// keeps rendering while closed stands for that moment, so what the fading dialog shows and does can be seen.
jest.mock('antd', () => {
  const actual = jest.requireActual('antd');
  function FadingModal({ open, title, footer, children }: { open: boolean; title: React.ReactNode; footer: React.ReactNode; children: React.ReactNode }) {
    return (
      <div role="dialog" aria-label="modal" data-open={String(open)}>
        <h2>{title}</h2>
        {children}
        {footer}
      </div>
    );
  }
  return { ...actual, Modal: FadingModal };
});

describe('ConfirmDialog while it closes', () => {
  it('keeps the question it asked and does not act on a click: the answer changed what it would ask next', () => {
    const onOk = jest.fn();
    const dialog = (blocked: boolean, open: boolean) => (
      <ConfirmDialog open={open} title={blocked ? 'Разблокировать агента?' : 'Заблокировать агента?'} okText={blocked ? 'Разблокировать' : 'Заблокировать'} danger={!blocked} onOk={onOk} onCancel={() => undefined} />
    );
    const { rerender } = render(dialog(false, true));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Заблокировать' }));
    expect(onOk).toHaveBeenCalledTimes(1);

    // «Заблокировать» answered: the agent is blocked and the dialog closes in the same render.
    rerender(dialog(true, false));
    const fading = screen.getByRole('dialog');
    expect(fading).toHaveAttribute('data-open', 'false');
    expect(fading).toHaveTextContent('Заблокировать агента?');
    expect(within(fading).queryByRole('button', { name: 'Разблокировать' })).toBeNull();
    fireEvent.click(within(fading).getByRole('button', { name: 'Заблокировать' }));
    expect(onOk).toHaveBeenCalledTimes(1);

    // Opened again, it asks the new question and acts.
    rerender(dialog(true, true));
    expect(screen.getByRole('dialog')).toHaveTextContent('Разблокировать агента?');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Разблокировать' }));
    expect(onOk).toHaveBeenCalledTimes(2);
  });
});
