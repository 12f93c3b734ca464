import * as React from 'react';
import { CHAT_TEXTS as T, CHAT_TYPE_TITLES } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, useLoad } from '@oyster/shared-kit/ui/screens';
import { getObjectChat } from '../../api/chats';
import { ChatConversation, UploadGuardDialog } from './ChatConversation';
import './object-chat.css';

export interface ObjectChatProps {
  entityType: 'contract' | 'brokerRequest';
  entityId: string;
  /** A broker request's page: the viewer may attach files there, so a chat file may be added to it. */
  canAddFiles?: boolean;
}

/**
 * remote_communications/ObjectChat — the chat of one contract or one broker request on its page (issue
 * 13, §4): the agent and the broker's staff who serve them. Folded, it says how many messages wait;
 * unfolded, the conversation. Folding it while a file uploads is refused with the §4 dialog.
 * The page mounts it through the runtime (WidgetSlot), never by import.
 */
export default function ObjectChat({ entityType, entityId, canAddFiles }: ObjectChatProps) {
  const { state, reload, refresh, update } = useLoad(() => getObjectChat(entityType, entityId), [entityType, entityId]);
  const [open, setOpen] = React.useState(false);
  const chatId = state.status === 'ready' ? state.data._id : null;

  // While this page shows, the floating chat button opens this object's chat (§3 chat state type).
  React.useEffect(() => {
    if (!chatId) return;
    const button = getRuntime().chat;
    button?.setContext({ chatId, type: entityType });
    return () => button?.setContext(null);
  }, [chatId, entityType]);

  // Folded, the bar counts what the other side writes, live; unfolded, the conversation reads it.
  React.useEffect(() => {
    if (!chatId || open) return;
    const sub = getRuntime().bus.on('chat_message').subscribe((e) => {
      if (e.chatId === chatId) update((c) => (e.message.side === c.viewerSide ? c : { ...c, unread: c.unread + 1 }));
    });
    // Back after the socket was away: the count is read again (unfolded, the conversation catches up itself).
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [chatId, open, update, refresh]);
  const [uploading, setUploading] = React.useState(false);
  const [blocked, setBlocked] = React.useState(false);
  const onUploading = React.useCallback((u: boolean) => setUploading(u), []);
  const title = CHAT_TYPE_TITLES[entityType];

  if (state.status === 'loading') return <LoadingBlock rows={2} />;
  if (state.status === 'error') {
    // Not a side of this object's chat (a supervisor, a finance controller): nothing to show.
    if (state.httpStatus === 403) return null;
    return <ErrorState compact title="Не удалось загрузить чат" message={state.message} onRetry={reload} />;
  }
  const chat = state.data;
  const toggle = () => {
    if (open && uploading) return setBlocked(true);
    if (!open) update((c) => ({ ...c, unread: 0 }));
    setOpen(!open);
  };
  return (
    <section className="oy-object-chat" aria-label={title}>
      <div className="oy-object-chat__bar">
        <strong>{title}</strong>
        <span className="oy-object-chat__muted">
          {chat.unread ? <span className="oy-object-chat__unread">{`Новых: ${chat.unread}`}</span> : null}
          {chat.manager ? ` отвечает ${chat.manager.fio}` : ''}
        </span>
        <Button size="small" type={open ? 'default' : 'primary'} onClick={toggle} aria-expanded={open}>
          {open ? 'Свернуть' : T.open}
        </Button>
      </div>
      {open ? (
        <div className="oy-object-chat__body">
          <ChatConversation chatId={chat._id} header={false} requestId={entityType === 'brokerRequest' ? entityId : undefined} canAddToRequest={canAddFiles} onUploadingChange={onUploading} />
        </div>
      ) : null}
      <UploadGuardDialog open={blocked} onClose={() => setBlocked(false)} />
    </section>
  );
}
