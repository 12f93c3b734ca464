import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { CHAT_BUTTON_LOOK, CHAT_BUTTON_TEXTS, chatButtonVisible } from '@oyster/shared-kit/domain/platform';
import { OysterIcon } from '@oyster/shared-kit/ui/parts';
import { useObservable, useServices } from '../services';
import './chat-button.css';

// The frame, its panel and the upload guard's dialog come at the first press, not with every page.
const ChatFrameHost = React.lazy(() => import(/* webpackChunkName: "chat-frame-host" */ './ChatFrameHost'));

/**
 * The floating chat button (§2, §4): «Открыть чат» on hover, the colour and icon of the chat's type,
 * hidden without a chatId, while the chat is open, or for personal users in chats-button mode. Pressing
 * it records the Go_chat goal and opens the chat in the embedded frame; the frame stays once opened, so
 * while closed it is asked for the unread count every second (§9) and the button shows it.
 */
export default function ChatLauncher() {
  const { session, chatButton } = useServices();
  const user = useObservable(session.session$);
  const state = useObservable(chatButton.state$);
  const navigate = useNavigate();
  const [used, setUsed] = React.useState(false);
  const [unread, setUnread] = React.useState(0);
  const visible = chatButtonVisible(state, user);
  const look = CHAT_BUTTON_LOOK[state.type];

  React.useEffect(() => setUnread(0), [state.chatId]);

  // The Go_chat goal is recorded by the frame's host each time it opens (it loads at the first press).
  const open = () => {
    setUsed(true);
    chatButton.setOpen(true);
  };
  const close = React.useCallback(() => chatButton.setOpen(false), [chatButton]);
  const go = React.useCallback(
    (path: string) => {
      chatButton.setOpen(false);
      navigate(path);
    },
    [chatButton, navigate],
  );

  return (
    <>
      {visible ? (
        <button type="button" className="oy-chat-button" style={{ background: look.color }} onClick={open} aria-label={CHAT_BUTTON_TEXTS.open} title={CHAT_BUTTON_TEXTS.open} data-chat-type={state.type}>
          <OysterIcon name={look.icon} size={24} />
          <span className="oy-chat-button__label">{CHAT_BUTTON_TEXTS.open}</span>
          {unread ? <span className="oy-chat-button__badge">{unread > 99 ? 99 : unread}</span> : null}
        </button>
      ) : null}
      {used && state.chatId ? (
        <React.Suspense fallback={null}>
          <ChatFrameHost chatId={state.chatId} type={state.type} open={state.isOpen} onClose={close} onUnread={setUnread} onNavigate={go} />
        </React.Suspense>
      ) : null}
    </>
  );
}
