import * as React from 'react';
import { TOAST_DURATION_SEC } from '@oyster/shared-kit/domain/platform';
import { WEBINAR_TEXTS, webinarRegistrationPath, webinarToastMode, type Webinar } from '@oyster/shared-kit/domain/popups';
import { Button } from '@oyster/shared-kit/ui/base';
import { Countdown } from '@oyster/shared-kit/ui/form';
import type { WebinarToastService } from '../services/webinars';
import './webinars.css';

/**
 * §2 webinar toasts (their own chunk): one card per webinar, newest first, each lasting 30 minutes (§9)
 * unless dismissed. §4 modes: the announcement counts down to the start and offers «Подключиться»
 * (sends 'watch', opens the conference in a new window, dismisses); postponed and registered show their
 * text and «Понятно»; otherwise «Записаться» — a successful answer turns the card into the registered
 * version, an answer with an error leaves it as it was (§8; the http client says what went wrong).
 */
export default function WebinarToasts({ toasts, webinars }: { toasts: Webinar[]; webinars: WebinarToastService }) {
  return (
    <section className="oy-webinar-toasts" aria-label="Вебинары">
      {toasts.map((w) => (
        <WebinarToast key={w._id} webinar={w} webinars={webinars} />
      ))}
    </section>
  );
}

function WebinarToast({ webinar: w, webinars }: { webinar: Webinar; webinars: WebinarToastService }) {
  const { http } = webinars.deps;
  const [busy, setBusy] = React.useState(false);
  const dismiss = React.useCallback(() => webinars.dismiss(w._id), [webinars, w._id]);

  // §9: a webinar toast lasts 30 minutes; a newer word about the webinar starts it again.
  React.useEffect(() => {
    const timer = setTimeout(dismiss, TOAST_DURATION_SEC.webinar * 1000);
    return () => clearTimeout(timer);
  }, [w, dismiss]);

  const signUp = () => {
    setBusy(true);
    http
      .post<{ data?: Webinar; error?: unknown }>(webinarRegistrationPath(w._id), { status: 'singUp' })
      .then((res) => {
        if (res && !res.error && res.data) webinars.show({ ...res.data, isSendAnnouncement: false, registration: true });
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  const join = () => {
    // Opened within the click, so that the browser does not take it for an unwanted popup.
    window.open(w.conferenceLink, '_blank', 'noopener,noreferrer');
    http.post(webinarRegistrationPath(w._id), { status: 'watch' }, { silent: true }).catch(() => undefined);
    dismiss();
  };

  const mode = webinarToastMode(w);
  return (
    <article className="oy-webinar-toast" aria-label={`${WEBINAR_TEXTS.toastTitle}: ${w.title}`}>
      <header className="oy-webinar-toast__head">
        <span className="oy-webinar-toast__kind">{WEBINAR_TEXTS.toastTitle}</span>
        <button type="button" className="oy-webinar-toast__close" aria-label="Закрыть" onClick={dismiss}>
          ×
        </button>
      </header>
      <div className="oy-webinar-toast__title">{w.title}</div>
      {mode === 'postponed' ? null : (
        <div className="oy-webinar-toast__when">
          {w.date} в {w.time} (МСК) · {w.platform}
        </div>
      )}
      {mode === 'announcement' ? (
        <>
          <div className="oy-webinar-toast__countdown">
            {WEBINAR_TEXTS.startsIn} <Countdown minutes={w.untilTime.minutes} seconds={w.untilTime.seconds} />
          </div>
          <Button type="primary" block onClick={join}>
            {WEBINAR_TEXTS.join}
          </Button>
        </>
      ) : mode === 'signUp' ? (
        <Button type="primary" block loading={busy} onClick={signUp}>
          {WEBINAR_TEXTS.signUp}
        </Button>
      ) : (
        <>
          <p className="oy-webinar-toast__text">{mode === 'postponed' ? WEBINAR_TEXTS.postponed : WEBINAR_TEXTS.registered}</p>
          <Button block onClick={dismiss}>
            {WEBINAR_TEXTS.understood}
          </Button>
        </>
      )}
    </article>
  );
}
