import * as React from 'react';
import {
  ATTACH_LIMITS,
  ATTACH_TEXTS,
  BROKER_REQUEST_FILE_TYPES,
  formatFileSize,
  formatMoscowDateTime,
  sortFileTypes,
  type BrokerRequestFile,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { AttachFileDialog, Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { attachRequestFiles, removeRequestFile, requestFileUrl } from '../../api/requests';

/** §8: the request's file types, sorted by their text. */
const TYPE_OPTIONS = sortFileTypes(BROKER_REQUEST_FILE_TYPES.map((name) => ({ name }))).map((t) => ({ value: t.name, text: t.name }));
const fio = (u: BrokerRequestFile['user']) => (u ? [u.secondName, u.firstName, u.middleName].filter(Boolean).join(' ') : '—');

export interface FilesBlockProps {
  requestId: string;
  files: BrokerRequestFile[];
  /** The viewer may attach and remove (the request's agent or executor, while it is open). */
  canChange: boolean;
  /** Removing another's file: the executor may. */
  canRemoveOthers: boolean;
  /** The files of one offer (the executor attaches them with the offer). */
  offerId?: string;
  title?: string;
  onFiles(files: BrokerRequestFile[]): void;
}

/**
 * Files on a request (§7 attach-files, §8): the list with type, size, who and when, each downloadable;
 * «Прикрепить файлы» (up to ATTACH_LIMITS.maxFiles, the §8 dialog: 'Вы действительно хотите добавить
 * файл?', the type to choose, «Да» only once chosen); the server checks each file and says
 * 'Файл успешно прикреплен к запросу'.
 */
export function FilesBlock({ requestId, files, canChange, canRemoveOthers, offerId, title = 'Файлы запроса', onFiles }: FilesBlockProps) {
  const input = React.useRef<HTMLInputElement>(null);
  const [picked, setPicked] = React.useState<File[] | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [removing, setRemoving] = React.useState<BrokerRequestFile | null>(null);
  const me = getRuntime().session$.value;

  function pick(list: File[]) {
    setError(null);
    if (!list.length) return;
    if (list.length > ATTACH_LIMITS.maxFiles) return setError(ATTACH_TEXTS.tooMany(ATTACH_LIMITS.maxFiles));
    const large = list.find((f) => f.size > ATTACH_LIMITS.maxFileBytes);
    if (large) return setError(ATTACH_TEXTS.tooLarge(large.name));
    setPicked(list);
  }

  async function attach(typeName: string | null) {
    if (!picked || !typeName) return;
    setBusy(true);
    try {
      const answer = await attachRequestFiles(requestId, typeName, picked, offerId);
      onFiles(answer.data.files);
      getRuntime().toasts.show({ type: 'success', body: answer.message });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPicked(null);
      setBusy(false);
    }
  }

  async function remove(file: BrokerRequestFile) {
    setRemoving(null);
    try {
      onFiles(await removeRequestFile(requestId, file._id));
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <div className="oy-breq__files" aria-label={title} role="region">
      {files.length ? (
        <ul className="oy-breq__file-list">
          {files.map((f) => (
            <li key={f._id}>
              <a href={requestFileUrl(requestId, f._id)} className="oy-breq__file-name" download>
                {f.uploadFileName}
              </a>
              <span className="oy-breq__muted">
                {f.typeName} · {formatFileSize(f.size)} · {fio(f.user)} · {formatMoscowDateTime(f.createDate)}
              </span>
              {canChange && (canRemoveOthers || f.user?.userId === me?._id) ? (
                <Button size="small" type="link" danger onClick={() => setRemoving(f)} aria-label={`Удалить файл ${f.uploadFileName}`}>
                  Удалить
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="oy-breq__muted">Файлов нет</p>
      )}
      {canChange ? (
        <>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ATTACH_LIMITS.accept}
            aria-label={offerId ? 'Файлы предложения' : 'Файлы для прикрепления'}
            onChange={(e) => {
              pick([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <Button size="small" onClick={() => input.current?.click()}>
            Прикрепить файлы
          </Button>
        </>
      ) : null}
      {error ? (
        <p className="oy-breq__error" role="alert">
          {error}
        </p>
      ) : null}
      <AttachFileDialog open={picked !== null} fileTypes={TYPE_OPTIONS} onConfirm={(t) => void attach(t)} onCancel={() => setPicked(null)} loading={busy} />
      <ConfirmDialog open={removing !== null} title="Удалить файл?" danger okText="Удалить" onOk={() => removing && void remove(removing)} onCancel={() => setRemoving(null)}>
        {removing?.uploadFileName}
      </ConfirmDialog>
    </div>
  );
}
