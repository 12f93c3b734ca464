import * as React from 'react';
import { FORM_TEXTS } from '@oyster/shared-kit/domain';
import { ConfirmDialog, Field, Input } from '@oyster/shared-kit/ui/form';
import { saveProblem } from '../api/rates';

/** The longest segment name the form takes (the api checks its own). */
const NAME_MAX = 100;

/**
 * A segment's name in a dialog (a new segment, a rename): `onSave` sends it; the api's refusal is shown
 * under the field, and the dialog stays.
 */
export function NameDialog({ open, title, okText, initial = '', onSave, onClose }: { open: boolean; title: string; okText: string; initial?: string; onSave(name: string): Promise<void>; onClose(): void }) {
  const [name, setName] = React.useState(initial);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
      setBusy(false);
    }
  }, [open, initial]);
  const submit = async () => {
    if (!name.trim()) return setError(FORM_TEXTS.required);
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (e) {
      setError(saveProblem(e).message);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog open={open} title={title} okText={okText} loading={busy} onOk={() => void submit()} onCancel={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Название сегмента" htmlFor="segment-name" required error={error}>
          <Input
            id="segment-name"
            value={name}
            maxLength={NAME_MAX}
            autoFocus
            status={error ? 'error' : undefined}
            aria-invalid={!!error || undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </Field>
      </form>
    </ConfirmDialog>
  );
}
