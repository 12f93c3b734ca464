import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  CAMPAIGN_STATUS_TITLES,
  CAMPAIGN_TEXTS as T,
  OPF_TITLES,
  POPUP_SOUND_TITLES,
  ROLE_TITLES,
  formatMoscowDateTime,
  type CampaignDetails,
  type Opf,
  type Role,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { ErrorState, ItemUnavailable, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { campaignRecipients, deleteCampaign, getCampaign, sendCampaign } from '../../api/campaigns';
import { CampaignFigures } from './CampaignFigures';
import { PopupPreview } from './PopupPreview';
import './campaigns.css';

const REACTION_TITLES: Record<number, string> = { 4: 'закрыл' };

function audienceText(c: CampaignDetails): string {
  const a = c.audience;
  if (a.agentEmails.length) return `Агенты по списку: ${a.agentEmails.join(', ')}`;
  const parts = [
    a.roles.length ? `роли: ${a.roles.map((r) => ROLE_TITLES[r as Role] ?? r).join(', ')}` : 'все агенты',
    a.networkIds.length ? `сетей: ${a.networkIds.length}` : '',
    a.opf.length ? `форма: ${a.opf.map((o) => OPF_TITLES[o as Opf] ?? o).join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

/**
 * One campaign (`/app/campaigns/{id}`): what it says (the popup as agents see it), to whom, when; once
 * sent — how many got it, saw it, pressed each button or closed it, and each recipient's line; the
 * counts follow live (`campaign_stats`). Not sent yet: «Изменить», «Отправить сейчас», «Удалить».
 */
export default function CampaignPage() {
  const { campaignId = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload, refresh, update } = useLoad(() => getCampaign(campaignId), [campaignId], { keepPrevious: true });
  const [page, setPage] = React.useState(1);
  const recipients = useLoad(() => campaignRecipients(campaignId, page), [campaignId, page, state.status === 'ready' ? `${state.data.shown}/${state.data.reacted}/${state.data.status}` : ''], { keepPrevious: true });
  const [confirm, setConfirm] = React.useState<'send' | 'delete' | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('campaign_stats')
      .subscribe((e) => e.campaignId === campaignId && reload());
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [campaignId, reload, refresh]);

  const back = { to: '/campaigns', label: 'Рассылки' };
  if (state.status === 'loading') return <PageFrame back={back}><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') return <ItemUnavailable message={state.httpStatus === 404 ? T.notFound : 'Не удалось загрузить рассылку'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  const c = state.data;

  async function act(which: 'send' | 'delete') {
    setConfirm(null);
    setBusy(true);
    setError(null);
    try {
      if (which === 'send') {
        const sent = await sendCampaign(c._id);
        update(() => sent);
        getRuntime().toasts.show({ type: 'success', body: `Рассылка отправлена: ${sent.recipients}` });
      } else {
        await deleteCampaign(c._id);
        navigate('/campaigns');
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const sent = c.status === 'sent';
  return (
    <PageFrame
      title={c.title}
      back={back}
      extra={
        sent ? undefined : (
          <div className="oy-campaign__actions">
            <Link to={`/campaigns/${c._id}/edit`}>
              <Button>Изменить</Button>
            </Link>
            <Button type="primary" loading={busy} onClick={() => setConfirm('send')}>
              {T.sendNow}
            </Button>
            <Button danger onClick={() => setConfirm('delete')}>
              Удалить
            </Button>
          </div>
        )
      }
    >
      {error ? (
        <p className="oy-campaign__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="oy-campaign__grid">
        <div className="oy-campaign__block">
          <p className="oy-campaign__muted">
            <strong>{CAMPAIGN_STATUS_TITLES[c.status]}</strong>
            {sent && c.sentAt ? ` ${formatMoscowDateTime(c.sentAt)}` : c.sendAt ? ` на ${formatMoscowDateTime(c.sendAt)} (МСК)` : ''} · {c.author}
          </p>
          <p className="oy-campaign__muted">Кому: {audienceText(c)}</p>
          {c.sound ? <p className="oy-campaign__muted">Звук: {POPUP_SOUND_TITLES[c.sound]}</p> : null}
          {sent ? <CampaignFigures campaign={c} byButton label="Итоги" /> : null}
          {sent ? (
            <>
              <h2>Получатели</h2>
              {recipients.state.status === 'loading' ? <LoadingBlock rows={3} /> : null}
              {recipients.state.status === 'error' ? <ErrorState compact title="Не удалось загрузить получателей" message={recipients.state.message} onRetry={recipients.reload} /> : null}
              {recipients.state.status === 'ready' ? (
                <>
                  <table className="oy-campaign__table" aria-label="Получатели">
                    <thead>
                      <tr>
                        <th>Агент</th>
                        <th>Увидел</th>
                        <th>Реакция</th>
                      </tr>
                    </thead>
                    <tbody>
                      {recipients.state.data.items.map((p) => (
                        <tr key={p.userId}>
                          <td>
                            {p.fio}
                            <br />
                            <span className="oy-campaign__muted">{p.email}</span>
                          </td>
                          <td>{p.shownAt ? formatMoscowDateTime(p.shownAt) : '—'}</td>
                          <td>{p.reaction === null ? '—' : (REACTION_TITLES[p.reaction] ?? `«${c.actions[p.reaction - 1]?.text ?? p.reaction}»`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {recipients.state.data.total > 50 ? (
                    <div className="oy-campaign__actions">
                      <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                        Назад
                      </Button>
                      <span className="oy-campaign__muted">
                        {(page - 1) * 50 + 1}–{Math.min(page * 50, recipients.state.data.total)} из {recipients.state.data.total}
                      </span>
                      <Button disabled={page * 50 >= recipients.state.data.total} onClick={() => setPage(page + 1)}>
                        Дальше
                      </Button>
                    </div>
                  ) : null}
                </>
              ) : null}
            </>
          ) : null}
        </div>
        <div className="oy-campaign__block">
          <h2>Как увидит агент</h2>
          <PopupPreview title={c.title} html={c.text} actions={c.actions} green={c.actionColor === 'green'} dark={c.darkBackground} imageUrl={c.imageUrl} />
        </div>
      </div>
      <ConfirmDialog open={confirm === 'send'} title="Отправить рассылку сейчас?" okText={T.sendNow} onOk={() => void act('send')} onCancel={() => setConfirm(null)}>
        Её получат все из аудитории; отправленную изменить нельзя.
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'delete'} title="Удалить рассылку?" okText="Удалить" danger onOk={() => void act('delete')} onCancel={() => setConfirm(null)}>
        {c.title}
      </ConfirmDialog>
    </PageFrame>
  );
}
