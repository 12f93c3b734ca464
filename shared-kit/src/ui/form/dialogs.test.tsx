import * as React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { AttachFileDialog, ConfirmDialog, InfoDialog } from './dialogs';
import { renderKit } from './test-utils';

describe('ConfirmDialog and InfoDialog (§4)', () => {
  it('a confirm dialog says «Отмена» / «Да» unless told otherwise', () => {
    const onOk = jest.fn();
    const onCancel = jest.fn();
    renderKit(
      <ConfirmDialog open title="Удалить черновик?" onOk={onOk} onCancel={onCancel}>
        Черновик будет удалён.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Удалить черновик?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Да' }));
    expect(onOk).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes its own button texts', () => {
    renderKit(<ConfirmDialog open title="Выйти?" okText="Выйти" cancelText="Остаться" onOk={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Остаться' })).toBeInTheDocument();
  });

  it('is not shown when closed', () => {
    renderKit(<ConfirmDialog open={false} title="Удалить?" onOk={() => undefined} onCancel={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an info dialog has one button, «Закрыть» by default', () => {
    const onClose = jest.fn();
    renderKit(
      <InfoDialog open title="Загрузка файлов" onClose={onClose}>
        Вы не можете закрыть чат пока идет загрузка файлов
      </InfoDialog>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Вы не можете закрыть чат пока идет загрузка файлов');
    const buttons = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.textContent);
    expect(buttons.map((b) => b.textContent)).toEqual(['Закрыть']);
    fireEvent.click(buttons[0]);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('AttachFileDialog (§5, §8)', () => {
  const TYPES = [
    { value: 't3', text: 'Фото ТС' },
    { value: 't1', text: 'Водительское удостоверение' },
    { value: 't2', text: 'Паспорт' },
  ];

  it('asks about the named file, says where it goes and keeps «Да» off until a type is chosen', () => {
    const onConfirm = jest.fn();
    renderKit(<AttachFileDialog open fileName="скан.pdf" fileTypes={TYPES} onConfirm={onConfirm} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Вы действительно хотите добавить файл скан.pdf в запрос?');
    expect(dialog).toHaveTextContent('файл будет добавлен в файлы запроса');
    expect(dialog).toHaveTextContent('Выберите тип файла');
    const yes = within(dialog).getByRole('button', { name: 'Да' });
    expect(yes).toBeDisabled();
    const select = within(dialog).getByRole('combobox', { name: 'Выберите тип файла' });
    fireEvent.mouseDown(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Водительское удостоверение', 'Паспорт', 'Фото ТС']);
    fireEvent.click(screen.getByRole('option', { name: 'Паспорт' }));
    expect(yes).toBeEnabled();
    fireEvent.click(yes);
    expect(onConfirm).toHaveBeenCalledWith('t2');
  });

  it('without a file name asks the generic question', () => {
    renderKit(<AttachFileDialog open fileTypes={TYPES} onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Вы действительно хотите добавить файл?');
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeEnabled();
  });
});
