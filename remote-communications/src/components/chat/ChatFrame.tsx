import * as React from 'react';
import { CHAT_FRAME_SOURCE, isChatFrameMessage, type ChatFrameMessageBody } from '@oyster/shared-kit/domain';
import { ErrorState, LoadingBlock, useLoad } from '@oyster/shared-kit/ui/screens';
import { getSupportChat } from '../../api/chats';
import { ChatConversation } from './ChatConversation';

/** To the app around the frame (same origin only). */
function tellParent(message: ChatFrameMessageBody) {
  if (window.parent !== window) window.parent.postMessage({ source: CHAT_FRAME_SOURCE, ...message }, window.location.origin);
}

/**
 * remote_communications/ChatFrame — what `/chat/{chatId}` shows inside the chat button's frame (§2):
 * the conversation (support for `null`), marking messages read only while the app shows the frame; it
 * answers the app's every-second poll with the unread count, says when a file uploads (the app must not
 * fold it then) and hands the app a link to follow.
 */
export default function ChatFrame({ chatId }: { chatId: string }) {
  const support = chatId === 'null';
  const { state, reload } = useLoad(() => (support ? getSupportChat().then((c) => c._id) : Promise.resolve(chatId)), [chatId]);
  const [shown, setShown] = React.useState(true);
  const unread = React.useRef(0);

  React.useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== window.parent || !isChatFrameMessage(e.data)) return;
      if (e.data.type === 'poll') tellParent({ type: 'unread', count: unread.current });
      else if (e.data.type === 'shown') setShown(e.data.value);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  const onUnread = React.useCallback((count: number) => {
    unread.current = count;
  }, []);
  const onUploading = React.useCallback((value: boolean) => tellParent({ type: 'uploading', value }), []);
  const onOpenEntity = React.useCallback((path: string) => tellParent({ type: 'navigate', path }), []);

  if (state.status === 'loading') return <LoadingBlock rows={4} />;
  if (state.status === 'error') return <ErrorState compact title={state.httpStatus === 404 ? 'Чат не найден' : 'Не удалось загрузить чат'} message={state.message} onRetry={reload} />;
  return <ChatConversation chatId={state.data} active={shown} onUnread={onUnread} onUploadingChange={onUploading} onOpenEntity={onOpenEntity} />;
}
