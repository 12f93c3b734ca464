import * as React from 'react';
import { Button } from 'antd';
import { formatFileSize } from '@oyster/shared-kit/domain';
import { ensureFormStyles } from './styles';

export const FILE_SEND_TEXTS = {
  send: 'Отправить страховой',
  sent: 'Отправлено страховой',
} as const;

export interface FileSendRowProps {
  fileName: string;
  /** Bytes. */
  size?: number | null;
  /** Controlled: the file has been sent. Without it the row remembers a successful send itself. */
  sent?: boolean;
  /** Sends the file; a returned promise shows a spinner and, when it resolves, marks the row sent. */
  onSend?(): void | Promise<unknown>;
  /** Default «Отправить страховой». */
  sendText?: string;
  disabled?: boolean;
}

/** A file with its size and a send button that, once sent, reads «Отправлено страховой» and is disabled (§4). */
export function FileSendRow({ fileName, size, sent, onSend, sendText = FILE_SEND_TEXTS.send, disabled }: FileSendRowProps) {
  ensureFormStyles();
  const [sentHere, setSentHere] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const isSent = sent ?? sentHere;
  const alive = React.useRef(true);
  React.useEffect(() => () => void (alive.current = false), []);
  const send = async () => {
    if (!onSend) return;
    const result = onSend();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      setBusy(true);
      try {
        await result;
        if (alive.current) setSentHere(true);
      } catch (e) {
        console.error('[oyster] file send failed', e);
      } finally {
        if (alive.current) setBusy(false);
      }
    } else {
      setSentHere(true);
    }
  };
  return (
    <div className="oy-file-row">
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="#5f6b7a" strokeWidth="1.8" aria-hidden="true" style={{ flex: 'none' }}>
        <path d="M7 3h7l5 5v13H7z" />
        <path d="M14 3v5h5" />
      </svg>
      <span className="oy-file-row__name" title={fileName}>
        {fileName}
      </span>
      <span className="oy-file-row__size">{formatFileSize(size)}</span>
      <Button type={isSent ? 'default' : 'primary'} disabled={isSent || disabled} loading={busy} onClick={() => void send()}>
        {isSent ? FILE_SEND_TEXTS.sent : sendText}
      </Button>
    </div>
  );
}
