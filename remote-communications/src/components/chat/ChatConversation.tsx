import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  ATTACH_LIMITS,
  BROKER_REQUEST_FILE_TYPES,
  CHAT_LIMITS,
  CHAT_TEXTS as T,
  CHAT_TYPE_TITLES,
  chatCounterpartName,
  formatFileSize,
  formatMoscowDateTime,
  sortFileTypes,
  type ChatMessage,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { OysterIcon } from '@oyster/shared-kit/ui';
import { AttachFileDialog, Button, InfoDialog, Input } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, errorText } from '@oyster/shared-kit/ui/screens';
import { addChatFileToRequest, chatFileUrl } from '../../api/chats';
import { useChat, type ChatState, type PendingMessage } from './useChat';
import './chat.css';

/** §8: a request's file types, sorted by their text (the same list as the request's attach dialog). */
const REQUEST_FILE_TYPES = sortFileTypes(BROKER_REQUEST_FILE_TYPES.map((name) => ({ name }))).map((t) => ({ value: t.name, text: t.name }));

export interface ChatConversationProps {
  chatId: string;
  /** The header with the title, who answers, and the staff's «Взять в работу» / «Закрыть чат» / «Открыть снова». */
  header?: boolean;
  /** A broker request's chat: its files may be added to the request (the viewer may attach there). */
  requestId?: string;
  canAddToRequest?: boolean;
  /** Told while a file is uploading: whoever can hide the chat must not (§4 close guard). */
  onUploadingChange?(uploading: boolean): void;
  /** The chat's header changed (list rows follow). */
  onSummary?(summary: NonNullable<ChatState['summary']>): void;
  /** Shown to the user (false: kept but hidden, as the chat frame while folded): read only while shown. */
  active?: boolean;
  /** The other side's messages not read here, as they change. */
  onUnread?(count: number): void;
  /** The chat's object link leaves the chat (the frame asks the app around it to go there). */
  onOpenEntity?(path: string): void;
}

/**
 * One conversation (§4 chat): the history oldest first with «Раньше» for older pages, each message with
 * its author and Moscow time, files to download, «Прочитано» under mine the other side has read; my
 * messages show at once («Отправляется…»), and a failed one stays with «Не отправлено» and «Повторить» —
 * the retry carries the same key, so the server keeps one. Live over the socket; caught up after a
 * reconnect. Closing the chat while a file uploads is refused with the §4 dialog.
 */
export function ChatConversation({ chatId, header = true, requestId, canAddToRequest, onUploadingChange, onSummary, active = true, onUnread, onOpenEntity }: ChatConversationProps) {
  const chat = useChat(chatId, { active });
  const { summary, uploading, unread } = chat;

  React.useEffect(() => onUnread?.(unread), [unread, onUnread]);
  React.useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);
  React.useEffect(() => {
    if (summary) onSummary?.(summary);
  }, [summary, onSummary]);

  if (chat.load.status === 'loading') return <LoadingBlock rows={4} />;
  if (chat.load.status === 'error') {
    return <ErrorState compact title={chat.load.httpStatus === 404 ? 'Чат не найден' : 'Не удалось загрузить чат'} message={chat.load.message} onRetry={chat.reload} />;
  }
  if (!summary) return null;
  return (
    <div className="oy-chat" role="region" aria-label={summary.title}>
      {header ? <ChatHeader chat={chat} onOpenEntity={onOpenEntity} /> : null}
      <MessageLog chat={chat} requestId={requestId} canAddToRequest={!!canAddToRequest && summary.type === 'brokerRequest'} />
      {!summary.isOpen && chat.messages.length ? <p className="oy-chat__note">{T.closed}</p> : null}
      {chat.actionError ? (
        <p className="oy-chat__error" role="alert">
          {chat.actionError}
        </p>
      ) : null}
      <Composer chat={chat} />
    </div>
  );
}

function ChatHeader({ chat, onOpenEntity }: { chat: ChatState; onOpenEntity?(path: string): void }) {
  const s = chat.summary!;
  const [blocked, setBlocked] = React.useState(false);
  const staff = s.viewerSide === 'staff';
  const me = getRuntime().session$.value;
  const mineToAnswer = s.manager?.id === me?._id;
  const close = () => (chat.uploading ? setBlocked(true) : void chat.move('close'));
  return (
    <div className="oy-chat__head">
      <div className="oy-chat__who">
        {/* Staff answer many agents and clients: whom they answer is the heading; the agent sees what the chat is about. */}
        <strong className="oy-chat__title">{staff ? chatCounterpartName(s) : s.title}</strong>
        <span className="oy-chat__muted">
          {s.entityPath ? (
            onOpenEntity ? (
              <a
                href={`/app${s.entityPath}`}
                onClick={(e) => {
                  e.preventDefault();
                  onOpenEntity(s.entityPath!);
                }}
              >
                {s.title}
              </a>
            ) : (
              <Link to={s.entityPath}>{s.title}</Link>
            )
          ) : (
            CHAT_TYPE_TITLES[s.type]
          )}
          {s.client ? ` · ${T.clientsAgent(s.agent.fio)}` : null}
          {' · '}
          {s.manager ? `отвечает ${s.manager.fio}` : T.noManager}
          {' · '}
          <span className={s.isOpen ? 'oy-chat__open' : undefined}>{s.isOpen ? 'открыт' : 'закрыт'}</span>
        </span>
      </div>
      {staff ? (
        <div className="oy-chat__moves">
          {s.isOpen && !mineToAnswer ? (
            <Button size="small" type="primary" loading={chat.moving === 'take'} onClick={() => void chat.move('take')}>
              {T.take}
            </Button>
          ) : null}
          {s.isOpen ? (
            <Button size="small" loading={chat.moving === 'close'} onClick={close}>
              {T.close}
            </Button>
          ) : (
            <Button size="small" loading={chat.moving === 'reopen'} onClick={() => void chat.move('reopen')}>
              {T.reopen}
            </Button>
          )}
        </div>
      ) : null}
      <UploadGuardDialog open={blocked} onClose={() => setBlocked(false)} />
    </div>
  );
}

/** §4: the chat cannot be closed while its files upload. */
export function UploadGuardDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <InfoDialog open={open} title={T.uploadTitle} buttonText={T.uploadClose} onClose={onClose}>
      {T.uploadBlocksClose}
    </InfoDialog>
  );
}

function MessageLog({ chat, requestId, canAddToRequest }: { chat: ChatState; requestId?: string; canAddToRequest: boolean }) {
  const s = chat.summary!;
  const log = React.useRef<HTMLDivElement>(null);
  const stick = React.useRef(true);
  const [adding, setAdding] = React.useState<ChatMessage | null>(null);
  const [addBusy, setAddBusy] = React.useState(false);
  const [addError, setAddError] = React.useState<string | null>(null);
  const count = chat.messages.length + chat.pending.length;
  const lastSeq = chat.messages[chat.messages.length - 1]?.seq ?? 0;

  // Follow the conversation while the reader is at its end (not while they read older history).
  React.useLayoutEffect(() => {
    const el = log.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [lastSeq, chat.pending.length, count]);

  // «Прочитано» under the last of mine the other side has read.
  let lastReadMine = 0;
  for (const m of chat.messages) if (m.side === s.viewerSide && m.seq <= s.readByOtherSeq) lastReadMine = m.seq;

  async function add(typeName: string | null) {
    if (!adding || !typeName || !requestId || !adding.file) return;
    setAddBusy(true);
    setAddError(null);
    try {
      const answer = await addChatFileToRequest(requestId, adding.file._id, typeName);
      getRuntime().toasts.show({ type: 'success', body: answer.message });
    } catch (e) {
      setAddError(errorText(e));
    } finally {
      setAddBusy(false);
      setAdding(null);
    }
  }

  return (
    <div
      className="oy-chat__log"
      ref={log}
      role="log"
      aria-label="Сообщения"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {chat.hasOlder ? (
        <div className="oy-chat__older">
          <Button size="small" type="link" loading={chat.olderLoading} onClick={() => void chat.loadOlder()}>
            {T.older}
          </Button>
        </div>
      ) : null}
      {!count ? <p className="oy-chat__empty">{T.empty}</p> : null}
      {chat.messages.map((m) => (
        <div key={m._id} className={`oy-chat__msg ${m.side === s.viewerSide ? 'oy-chat__msg--mine' : 'oy-chat__msg--theirs'}`} data-seq={m.seq}>
          <div className="oy-chat__bubble">
            <span className="oy-chat__author">{m.author.fio}</span>
            {m.text ? <span className="oy-chat__text">{m.text}</span> : null}
            {m.file ? (
              <span className="oy-chat__file">
                <a href={chatFileUrl(m.chatId, m.file._id)} download>
                  {m.file.fileName}
                </a>
                <span className="oy-chat__muted"> · {formatFileSize(m.file.size)}</span>
                {canAddToRequest ? (
                  <Button size="small" type="link" onClick={() => setAdding(m)}>
                    {T.addToRequest}
                  </Button>
                ) : null}
              </span>
            ) : null}
            <span className="oy-chat__time">{formatMoscowDateTime(m.createdAt)}</span>
          </div>
          {m.seq === lastReadMine ? <span className="oy-chat__receipt">{T.read}</span> : null}
        </div>
      ))}
      {chat.pending.map((p) => (
        <PendingBubble key={p.clientKey} p={p} chat={chat} />
      ))}
      {addError ? (
        <p className="oy-chat__error" role="alert">
          {addError}
        </p>
      ) : null}
      <AttachFileDialog open={adding !== null} fileName={adding?.file?.fileName} fileTypes={REQUEST_FILE_TYPES} onConfirm={(t) => void add(t)} onCancel={() => setAdding(null)} loading={addBusy} />
    </div>
  );
}

function PendingBubble({ p, chat }: { p: PendingMessage; chat: ChatState }) {
  return (
    <div className="oy-chat__msg oy-chat__msg--mine oy-chat__msg--pending" aria-busy={p.status === 'sending'}>
      <div className="oy-chat__bubble">
        {p.text ? <span className="oy-chat__text">{p.text}</span> : null}
        {p.file ? <span className="oy-chat__file">{p.file.name}</span> : null}
        <span className="oy-chat__time">{p.status === 'sending' ? T.sending : T.notSent}</span>
      </div>
      {p.status === 'failed' ? (
        <span className="oy-chat__failed" role="alert">
          {p.error}{' '}
          <Button size="small" type="link" onClick={() => chat.retry(p)}>
            {T.retry}
          </Button>
          <Button size="small" type="link" onClick={() => chat.discard(p)}>
            Убрать
          </Button>
        </span>
      ) : null}
    </div>
  );
}

function Composer({ chat }: { chat: ChatState }) {
  const [text, setText] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const picker = React.useRef<HTMLInputElement>(null);
  const submit = () => {
    if (chat.send(text)) setText('');
  };
  return (
    <div className="oy-chat__composer">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={T.placeholder}
        aria-label={T.placeholder}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={CHAT_LIMITS.maxText}
        onKeyDown={(e) => {
          // Enter sends; Shift+Enter is a new line.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        accept={ATTACH_LIMITS.accept}
        aria-label={T.attach}
        onChange={(e) => {
          setError(chat.sendFiles([...(e.target.files ?? [])]));
          e.target.value = '';
        }}
      />
      <Button onClick={() => picker.current?.click()} aria-label={T.attach} title={T.attach}>
        <OysterIcon name="attach" size={18} />
      </Button>
      <Button type="primary" onClick={submit} disabled={!text.trim()}>
        {T.send}
      </Button>
      {error ? (
        <p className="oy-chat__error oy-chat__composer-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
