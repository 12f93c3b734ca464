import * as React from 'react';
import { Button, Modal } from 'antd';
import { Dropdown, type DropdownOption } from './Dropdown';
import { prepareDropdownOptions } from '@oyster/shared-kit/domain';

/** Default button texts of the dialogs (§4, §8). */
export const DIALOG_TEXTS = {
  cancel: 'Отмена',
  confirm: 'Да',
  close: 'Закрыть',
  attachTitle: 'Вы действительно хотите добавить файл?',
  attachTitleWithName: (fileName: string) => `Вы действительно хотите добавить файл ${fileName} в запрос?`,
  attachNote: 'файл будет добавлен в файлы запроса',
  attachTypePrompt: 'Выберите тип файла',
} as const;

export interface ConfirmDialogProps {
  open: boolean;
  title: React.ReactNode;
  children?: React.ReactNode;
  /** Default «Да». */
  okText?: React.ReactNode;
  /** Default «Отмена». */
  cancelText?: React.ReactNode;
  onOk(): void;
  onCancel(): void;
  /** The confirm button shows a spinner (a call is under way). */
  loading?: boolean;
  okDisabled?: boolean;
  danger?: boolean;
  width?: number;
}

/**
 * A question with «Отмена» / «Да» (§4). Esc and the cross are «Отмена».
 * Closing, it keeps the question it asked: the caller's answer usually changes what it would ask next
 * («Заблокировать» done, the same dialog would read «Разблокировать») and the fading dialog must not show
 * that, nor act on a click (a fast second click landed on it and did nothing a user could see).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  okText = DIALOG_TEXTS.confirm,
  cancelText = DIALOG_TEXTS.cancel,
  onOk,
  onCancel,
  loading,
  okDisabled,
  danger,
  width = 440,
}: ConfirmDialogProps) {
  const asked = React.useRef({ title, children, okText, cancelText, danger });
  if (open) asked.current = { title, children, okText, cancelText, danger };
  const shown = asked.current;
  return (
    <Modal
      open={open}
      title={shown.title}
      width={width}
      centered
      destroyOnHidden
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {shown.cancelText}
        </Button>,
        <Button key="ok" type="primary" danger={shown.danger} loading={loading} disabled={okDisabled} onClick={() => open && onOk()}>
          {shown.okText}
        </Button>,
      ]}
    >
      {shown.children}
    </Modal>
  );
}

export interface InfoDialogProps {
  open: boolean;
  title: React.ReactNode;
  children?: React.ReactNode;
  /** Default «Закрыть». */
  buttonText?: React.ReactNode;
  onClose(): void;
  width?: number;
}

/** A message with one button (§4: «Загрузка файлов» … «Закрыть»). */
export function InfoDialog({ open, title, children, buttonText = DIALOG_TEXTS.close, onClose, width = 420 }: InfoDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      centered
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          {buttonText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}

/** A file type to choose (a kasko file type is {name, _id}; chats keep them as text and value). */
export interface FileTypeOption {
  value: string;
  text: string;
}

export interface AttachFileDialogProps {
  open: boolean;
  /** With a name: «…добавить файл {fileName} в запрос?»; without: «…добавить файл?». */
  fileName?: string;
  /** When given, a type must be chosen before «Да» is enabled; shown sorted by text. */
  fileTypes?: readonly FileTypeOption[];
  onConfirm(fileType: string | null): void;
  onCancel(): void;
  loading?: boolean;
}

/** §8: attach a chat file to the request, choosing its type first. */
export function AttachFileDialog({ open, fileName, fileTypes, onConfirm, onCancel, loading }: AttachFileDialogProps) {
  const [type, setType] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!open) setType(null);
  }, [open]);
  const options = React.useMemo<DropdownOption[]>(
    () => prepareDropdownOptions((fileTypes ?? []).map((t) => ({ key: t.value, text: t.text }))),
    [fileTypes],
  );
  const needsType = fileTypes !== undefined;
  const selectId = React.useId();
  return (
    <ConfirmDialog
      open={open}
      title={fileName ? DIALOG_TEXTS.attachTitleWithName(fileName) : DIALOG_TEXTS.attachTitle}
      onOk={() => onConfirm(type)}
      onCancel={onCancel}
      okDisabled={needsType && type === null}
      loading={loading}
    >
      <p style={{ margin: '0 0 14px', color: '#5f6b7a' }}>{DIALOG_TEXTS.attachNote}</p>
      {needsType ? (
        <>
          <label htmlFor={selectId} style={{ display: 'block', marginBottom: 6 }}>
            {DIALOG_TEXTS.attachTypePrompt}
          </label>
          <Dropdown id={selectId} options={options} value={type} onChange={(v) => setType(v === null ? null : String(v))} placeholder={DIALOG_TEXTS.attachTypePrompt} sorted={false} />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
