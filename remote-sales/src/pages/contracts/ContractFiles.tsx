import * as React from 'react';
import { ATTACH_LIMITS, ATTACH_TEXTS, canRemoveContractFile, formatFileSize, formatMoscowDateTime, type AttachedFile, type ContractDetails } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { AttachFileDialog, Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { attachContractFiles, companyFileTypes, contractFileUrl, removeContractFile } from '../../api/contracts';

const fio = (u: AttachedFile['user']) => (u ? [u.secondName, u.firstName, u.middleName].filter(Boolean).join(' ') : '—');

/**
 * The scans attached to a contract (§7 attach-files, §8 dialog): pick files, choose the insurer's file
 * type, «Да» — the server checks each file's content and size and answers its message. Files change
 * live (`contract_files` reloads the page); removing is offered to who attached a file, and to staff.
 */
export function ContractFiles({ contract, onFiles }: { contract: ContractDetails; onFiles(files: AttachedFile[]): void }) {
  const input = React.useRef<HTMLInputElement>(null);
  const [picked, setPicked] = React.useState<File[] | null>(null);
  const [types, setTypes] = React.useState<{ value: string; text: string }[] | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [removing, setRemoving] = React.useState<AttachedFile | null>(null);
  const me = getRuntime().session$.value;

  async function pick(files: File[]) {
    setError(null);
    if (files.length > ATTACH_LIMITS.maxFiles) return setError(ATTACH_TEXTS.tooMany(ATTACH_LIMITS.maxFiles));
    const large = files.find((f) => f.size > ATTACH_LIMITS.maxFileBytes);
    if (large) return setError(ATTACH_TEXTS.tooLarge(large.name));
    try {
      if (!types) {
        if (!contract.companyId) return setError('У договора нет страховщика: файлы прикрепить нельзя');
        setTypes((await companyFileTypes(contract.companyId)).map((t) => ({ value: t._id, text: t.name })));
      }
      setPicked(files);
    } catch (e) {
      setError(`Не удалось получить типы файлов: ${errorText(e)}`);
    }
  }

  async function attach(typeId: string | null) {
    if (!picked || !typeId) return;
    setBusy(true);
    try {
      const answer = await attachContractFiles(contract.id, typeId, picked);
      onFiles(answer.data.files);
      getRuntime().toasts.show({ type: 'success', body: answer.message });
      setPicked(null);
    } catch (e) {
      setPicked(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function remove(file: AttachedFile) {
    setRemoving(null);
    setError(null);
    try {
      onFiles(await removeContractFile(contract.id, file._id));
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <section className="oy-contract__block" aria-label="Файлы договора">
      <h2>Файлы</h2>
      {contract.files.length === 0 ? (
        <p className="oy-contract__muted">Файлов пока нет. Сканы документов для страховщика: PDF, JPEG, PNG или WEBP, до {ATTACH_LIMITS.maxFileBytes / 1024 / 1024} МБ каждый.</p>
      ) : (
        <ul className="oy-contract__files">
          {contract.files.map((f) => (
            <li key={f._id}>
              <a href={contractFileUrl(contract.id, f._id)} className="oy-contract__file-name" title={f.uploadFileName}>
                {f.uploadFileName}
              </a>
              <span className="oy-contract__file-type">{f.typeName ?? '—'}</span>
              <span className="oy-contract__muted">{formatFileSize(f.size)}</span>
              <span className="oy-contract__muted">
                {fio(f.user)}, {formatMoscowDateTime(f.createDate)}
              </span>
              {me && canRemoveContractFile(me, contract.status, f.user?.userId ?? null) ? (
                <Button size="small" type="text" danger onClick={() => setRemoving(f)} aria-label={`Удалить файл ${f.uploadFileName}`}>
                  Удалить
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
      {contract.canAttachFiles ? (
        <div className="oy-contract__actions">
          <input
            ref={input}
            type="file"
            multiple
            accept={ATTACH_LIMITS.accept}
            hidden
            aria-label="Файлы для прикрепления"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void pick(files);
            }}
          />
          <Button onClick={() => input.current?.click()} loading={busy}>
            Прикрепить файлы
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className="oy-contract__error" role="alert">
          {error}
        </p>
      ) : null}
      <AttachFileDialog open={picked !== null} fileTypes={types ?? []} onConfirm={(t) => void attach(t)} onCancel={() => setPicked(null)} loading={busy} />
      <ConfirmDialog open={removing !== null} title="Удалить файл?" danger okText="Удалить" onOk={() => removing && void remove(removing)} onCancel={() => setRemoving(null)}>
        {removing ? `«${removing.uploadFileName}» будет удалён из файлов договора.` : null}
      </ConfirmDialog>
    </section>
  );
}
