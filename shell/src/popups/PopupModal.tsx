import * as React from 'react';
import { Modal } from '@oyster/shared-kit/ui';
import { Button, ConfigProvider } from '@oyster/shared-kit/ui/base';
import { POPUP_SOUNDS, popupActions, popupSoundUrl, REACTION_CLOSE_OR_SHOWN, type CommunicationNotification, type CommunicationReaction } from '../services/campaigns';
import type { PopupService } from '../services/popups';
import { APP_BASENAME } from '../services/storage';
import { closePopup, firstShow } from './queue';
import './popups.css';

export const POPUP_TEXTS = { close: 'Закрыть' } as const;

/** §2 `actionColor: 'green'`: the buttons are this green. */
export const POPUP_GREEN = '#1a7f37';
const GREEN_THEME = { token: { colorPrimary: POPUP_GREEN } };

const DARK = { background: '#1f2733', text: '#f3f5f8' };
const DARK_STYLES = {
  container: { background: DARK.background, color: DARK.text },
  header: { background: 'transparent' },
  title: { color: DARK.text },
  body: { color: DARK.text },
  close: { color: DARK.text },
};

/** §3: the popup's sound, when it has one of ours and asks for it (a browser may refuse autoplay). */
function playSound(m: CommunicationNotification['message']): void {
  const sound = m.sound;
  if (!m.outputSound || !sound || !(POPUP_SOUNDS as readonly string[]).includes(sound)) return;
  try {
    const played = new Audio(popupSoundUrl(sound)).play() as Promise<void> | undefined;
    played?.catch?.(() => undefined);
  } catch {
    /* no audio here */
  }
}

/** A button's link in a new tab; one starting with '/' is a route of the app (under /app). */
function openLink(link: string | null | undefined): void {
  if (link) window.open(link.startsWith('/') ? `${APP_BASENAME}${link}` : link, '_blank', 'noopener,noreferrer');
}

export interface PopupModalProps {
  notification: CommunicationNotification;
  popups: PopupService;
}

/**
 * §2 popup-notification modal: the title, the server-sanitised HTML text, an optional image, up to
 * three buttons (green when the campaign says so) and «Закрыть»; a dark background when asked.
 */
export default function PopupModal({ notification: n, popups }: PopupModalProps) {
  const m = n.message;
  const green = m.actionColor === 'green';
  const dark = !!m.darkBackground;

  // Shown: registered in the logs (4) and its sound played, once per delivery.
  React.useEffect(() => {
    if (!firstShow(n)) return;
    popups.log({ communicationId: n._id, guid: n.guid }, REACTION_CLOSE_OR_SHOWN);
    playSound(n.message);
  }, [n, popups]);

  // The cross, Esc, «Закрыть» (4) or a button (1–3, its link opened in a new tab): logged, and the
  // popup closes — once, however quickly the user clicks again before it is gone.
  const closed = React.useRef<string | null>(null);
  const done = (reaction: CommunicationReaction, link?: string | null) => {
    if (closed.current === n.guid) return;
    closed.current = n.guid;
    popups.log({ communicationId: n._id, guid: n.guid }, reaction);
    openLink(link);
    void popups.change((_, queue) => closePopup(queue, n));
  };
  const close = () => done(REACTION_CLOSE_OR_SHOWN);
  const actions = popupActions(m).map((a) => (
    <Button key={a.reaction} type="primary" className={`oy-popup__action${green ? ' oy-popup__action--green' : ''}`} onClick={() => done(a.reaction, a.link)}>
      {a.text}
    </Button>
  ));

  return (
    <Modal
      open
      centered
      width={520}
      title={m.title}
      onCancel={close}
      mask={{ closable: false }}
      rootClassName={`oy-popup${dark ? ' oy-popup--dark' : ''}`}
      styles={dark ? DARK_STYLES : undefined}
      footer={
        <div className="oy-popup__footer">
          <Button onClick={close}>{POPUP_TEXTS.close}</Button>
          {green ? <ConfigProvider theme={GREEN_THEME}>{actions}</ConfigProvider> : actions}
        </div>
      }
    >
      {n.image?.storageFileName ? <img className="oy-popup__image" src={`/media/${n.image.storageFileName}`} alt="" /> : null}
      <div className="oy-popup__text" dangerouslySetInnerHTML={{ __html: m.text }} />
    </Modal>
  );
}
