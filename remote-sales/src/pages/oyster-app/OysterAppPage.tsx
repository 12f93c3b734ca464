import * as React from 'react';
import { Link } from 'react-router-dom';
import QRCode from 'qrcode';
import { OYSTER_APP_TEXTS as T, appInvitePath, sectionOf } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { Loaded, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { oysterAppSummary, rotateInviteCode } from '../../api/oysterApp';
import { useRegistrationsLive } from './live';
import './oyster-app.css';

/** The link as the client opens it: the product's public address and the invitation's path. */
export const inviteUrl = (code: string) => `${window.location.origin}${appInvitePath(code)}`;

/**
 * Oyster.app (`/app/oyster-app`, issue 25): the agent's personal link to the client app and its QR code
 * (drawn by `qrcode`: SVG on the page, PNG to download), «Скопировать ссылку», «Обновить ссылку» after a
 * confirm (the old link stops registering), a short instruction for the client, and the counts — registered
 * clients of the agents the user sees and this month's — live on `app_client_registered`. Staff have no link.
 */
export default function OysterAppPage() {
  const summary = useLoad(() => oysterAppSummary(), [], { keepPrevious: true });
  useRegistrationsLive(summary.reload);
  return (
    <PageFrame title={sectionOf('/oyster-app')?.heading ?? 'Oyster.app'} section="oyster-app">
      <Loaded load={summary} loading={{ rows: 6 }} errorTitle="Не удалось загрузить Oyster.app">
        {(s) => (
          <div className="oy-app">
            <section className="oy-app__counts" aria-label="Клиенты в приложении">
              <div className="oy-app__count">
                <span className="oy-app__count-value">{s.registered}</span>
                <span>{T.registered}</span>
              </div>
              <div className="oy-app__count">
                <span className="oy-app__count-value">{s.thisMonth}</span>
                <span>{T.thisMonth}</span>
              </div>
              <Link className="oy-app__clients-link" to="/oyster-app/clients">
                {T.clientsLink} →
              </Link>
            </section>
            {s.code ? <InviteLink code={s.code} onRotated={summary.reload} /> : <p className="oy-app__note">{T.noLink}</p>}
          </div>
        )}
      </Loaded>
    </PageFrame>
  );
}

function InviteLink({ code, onRotated }: { code: string; onRotated(): void }) {
  const url = inviteUrl(code);
  const [svg, setSvg] = React.useState<string | null>(null);
  const [confirming, setConfirming] = React.useState(false);
  const [rotating, setRotating] = React.useState(false);
  React.useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#111827', light: '#ffffff' } }).then(
      (s) => live && setSvg(s),
      () => live && setSvg(''),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const toasts = getRuntime().toasts;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show({ type: 'success', body: T.copied });
    } catch {
      toasts.show({ type: 'error', body: 'Не удалось скопировать: выделите ссылку и скопируйте её вручную' });
    }
  };
  const download = async () => {
    const png = await QRCode.toDataURL(url, { width: 640, margin: 2, errorCorrectionLevel: 'M' });
    const a = document.createElement('a');
    a.href = png;
    a.download = `oyster-app-qr-${code}.png`;
    a.click();
  };
  const rotate = async () => {
    setRotating(true);
    try {
      await rotateInviteCode(code);
      toasts.show({ type: 'success', body: T.rotated });
    } catch (e) {
      toasts.show({ type: 'error', body: (e as { message?: string }).message ?? T.rotateStale });
    } finally {
      setRotating(false);
      setConfirming(false);
      onRotated();
    }
  };

  return (
    <section className="oy-app__link" aria-label={T.linkTitle}>
      <div className="oy-app__qr" role="img" aria-label="QR-код ссылки на Oyster.app">
        {svg ? <span dangerouslySetInnerHTML={{ __html: svg }} /> : <span className="oy-app__qr-wait">{svg === '' ? 'QR-код не построен' : 'Строим QR-код…'}</span>}
      </div>
      <div className="oy-app__link-body">
        <h2>{T.linkTitle}</h2>
        <input className="oy-app__url" readOnly value={url} aria-label="Ссылка" onFocus={(e) => e.currentTarget.select()} />
        <div className="oy-app__buttons">
          <Button type="primary" onClick={() => void copy()}>
            {T.copy}
          </Button>
          <Button onClick={() => void download()}>{T.downloadPng}</Button>
          <Button danger type="text" onClick={() => setConfirming(true)}>
            {T.rotate}
          </Button>
        </div>
        <h3>{T.instructionTitle}</h3>
        <ol className="oy-app__steps">
          {T.instruction.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </div>
      <ConfirmDialog open={confirming} title={T.rotate} okText={T.rotate} danger loading={rotating} onOk={() => void rotate()} onCancel={() => setConfirming(false)}>
        {T.rotateConfirm}
      </ConfirmDialog>
    </section>
  );
}
