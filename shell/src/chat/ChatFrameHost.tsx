import * as React from 'react';
import { CHAT_BUTTON_LOOK, CHAT_BUTTON_TEXTS, CHAT_FRAME_SOURCE, CHAT_GOAL, CHAT_UPLOAD_GUARD_TEXTS as UPLOAD_GUARD, chatFramePath, isChatFrameMessage, type ChatFrameCommandBody, type ChatType } from '@oyster/shared-kit/domain/platform';
import { InfoDialog } from '@oyster/shared-kit/ui/form';
import { reachGoal } from '../services/analytics';
import './chat-frame-host.css';

/** §9: while the chat is closed, its unread count is asked of the frame every second. */
export const UNREAD_POLL_MS = 1000;


export interface ChatFrameHostProps {
  chatId: string;
  type: ChatType;
  open: boolean;
  onClose(): void;
  onUnread(count: number): void;
  /** A link in the chat (its contract, its request): the app goes there and the chat folds. */
  onNavigate(path: string): void;
}

/**
 * The embedded frame of §2 (`/chat/{chatId}`, `/chat/null` for support) in a panel over the page. A
 * click outside closes it — refused while the chat uploads a file (§4 dialog «Загрузка файлов»).
 * Messages cross by postMessage, from this origin and this frame only.
 */
export default function ChatFrameHost({ chatId, type, open, onClose, onUnread, onNavigate }: ChatFrameHostProps) {
  const frame = React.useRef<HTMLIFrameElement>(null);
  const uploading = React.useRef(false);
  const [guard, setGuard] = React.useState(false);
  const look = CHAT_BUTTON_LOOK[type];
  const src = chatFramePath(chatId, type);

  const tell = React.useCallback((command: ChatFrameCommandBody) => {
    frame.current?.contentWindow?.postMessage({ source: CHAT_FRAME_SOURCE, ...command }, window.location.origin);
  }, []);

  React.useEffect(() => {
    uploading.current = false;
  }, [src]);

  React.useEffect(() => {
    const listen = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow || !isChatFrameMessage(e.data)) return;
      const m = e.data;
      if (m.type === 'unread') onUnread(m.count);
      else if (m.type === 'uploading') uploading.current = m.value;
      else if (m.type === 'navigate' && m.path.startsWith('/')) onNavigate(m.path);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [onUnread, onNavigate]);

  // Shown or hidden: the frame marks messages read only while shown. Closed: poll the unread count.
  React.useEffect(() => {
    tell({ type: 'shown', value: open });
    if (open) {
      // §4: opening the chat is the web-analytics goal Go_chat.
      reachGoal(CHAT_GOAL);
      onUnread(0);
      return;
    }
    const timer = setInterval(() => tell({ type: 'poll' }), UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, [open, tell, onUnread]);

  const tryClose = () => (uploading.current ? setGuard(true) : onClose());

  return (
    <>
      {open ? <div className="oy-chat-frame__outside" data-testid="chat-frame-outside" onClick={tryClose} /> : null}
      <div className={`oy-chat-frame${open ? '' : ' oy-chat-frame--closed'}`} role="dialog" aria-label={CHAT_BUTTON_TEXTS.frameTitle} aria-hidden={!open}>
        <div className="oy-chat-frame__bar" style={{ background: look.color }}>
          <span>{CHAT_BUTTON_TEXTS.frameTitle}</span>
          <button type="button" className="oy-chat-frame__close" aria-label="Свернуть чат" onClick={tryClose}>
            ×
          </button>
        </div>
        <iframe ref={frame} src={src} title={CHAT_BUTTON_TEXTS.frameTitle} onLoad={() => tell({ type: 'shown', value: open })} />
      </div>
      <InfoDialog open={guard} title={UPLOAD_GUARD.title} buttonText={UPLOAD_GUARD.button} onClose={() => setGuard(false)}>
        {UPLOAD_GUARD.text}
      </InfoDialog>
    </>
  );
}
