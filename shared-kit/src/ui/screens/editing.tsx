import * as React from 'react';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/base';
import { Form, Modal } from '@oyster/shared-kit/ui';
import type { FormInstance } from 'antd'; // a type only: the form comes from the kit's Form

/** A success toast (failures already got the shell's §8 toast). */
export function notifySaved(body: string): void {
  getRuntime().toasts.show({ type: 'success', body });
}

/**
 * Asks before deleting in a confirm dialog with the house buttons «Отмена» / «Да» (spec §4); the child
 * (a button) opens it. «Да» waits for `onConfirm`, then says `doneText` («Баннер удалён»); a failure
 * keeps nothing open (the shell told why).
 */
export function ConfirmDelete({
  title,
  description,
  doneText,
  onConfirm,
  children,
}: {
  title: string;
  description?: string;
  /** The success toast once deleted. */
  doneText?: string;
  onConfirm: () => Promise<unknown> | void;
  children: React.ReactElement<{ onClick?: (e: React.MouseEvent) => void }>;
}) {
  const [modal, holder] = Modal.useModal();
  const open = () =>
    modal.confirm({
      title,
      content: description,
      okText: 'Да',
      cancelText: 'Отмена',
      okButtonProps: { danger: true },
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await onConfirm();
          if (doneText) notifySaved(doneText);
        } catch {
          // the shell already showed why
        }
      },
    });
  return (
    <>
      {React.cloneElement(children, { onClick: open })}
      {holder}
    </>
  );
}

/** A form's «Сохранить» (submits, spins while saving) and its way out. */
export function FormButtons({
  saving,
  onCancel,
  submitText = 'Сохранить',
  cancelText = 'Отмена',
}: {
  saving: boolean;
  onCancel: () => void;
  submitText?: string;
  cancelText?: string;
}) {
  return (
    <div className="oy-screen-form-buttons">
      <Button type="primary" htmlType="submit" loading={saving}>
        {submitText}
      </Button>
      <Button onClick={onCancel} disabled={saving}>
        {cancelText}
      </Button>
    </div>
  );
}

/**
 * Adding or changing one thing in a dialog: a form with «Сохранить» (`okText`) and «Отмена».
 * `onSubmit` saves (a failure already got the shell's toast: the dialog stays, the button wakes up);
 * returning `false` means nothing was sent (a field the form cannot check said why). Then `onSaved(values)`.
 */
export function FormDialog<V extends object>({
  title,
  name,
  form: given,
  width,
  okText = 'Сохранить',
  initialValues,
  onSubmit,
  onClose,
  onSaved,
  children,
}: {
  title: React.ReactNode;
  /** The form's name (field ids: `<name>_<field>`). */
  name: string;
  /** The form, when the dialog's fields watch each other (Form.useWatch). */
  form?: FormInstance<V>;
  width?: number;
  okText?: string;
  initialValues: Partial<V>;
  onSubmit: (values: V) => Promise<void | false>;
  onClose: () => void;
  onSaved: (values: V) => void;
  children: React.ReactNode;
}) {
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [saving, setSaving] = React.useState(false);
  const finish = async (values: V) => {
    setSaving(true);
    try {
      if ((await onSubmit(values)) === false) setSaving(false);
      else onSaved(values);
    } catch {
      setSaving(false);
    }
  };
  return (
    <Modal open title={title} onCancel={onClose} width={width} okText={okText} cancelText="Отмена" confirmLoading={saving} onOk={() => form.submit()} destroyOnHidden>
      <Form<V> name={name} form={form} layout="vertical" onFinish={finish} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
