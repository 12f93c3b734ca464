import * as React from 'react';
import { Link } from 'react-router-dom';
import { AGENT_OPFS, AGENT_OPF_TITLES, BROKERS_OWNER_ASSIGNABLE_ROLES, ROLE_TITLES, formatDate, formatMoney, userPhoneError, type SubAgentItem } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, Input, PhoneInput } from '@oyster/shared-kit/ui/form';
import { EmptyState, Loaded, PageFrame, errorText, notifySaved, useLoad } from '@oyster/shared-kit/ui/screens';
import { inviteSubAgent, listSubAgents, patchAgent, type Invitation } from '../../api/agents';
import { agentPath } from '../agents/paths';
import '../agents/agents.css';

export const SUB_AGENTS_TEXTS = {
  title: 'Субагенты',
  invite: 'Пригласить субагента',
  send: 'Создать приглашение',
  cancel: 'Отмена',
  empty: 'Субагентов пока нет: пригласите первого',
  loadError: 'Не удалось загрузить субагентов',
  linkReady: 'Приглашение создано. Отправьте ссылку субагенту: по ней он задаст пароль и войдёт.',
  copy: 'Скопировать ссылку',
  copied: 'Ссылка скопирована',
  block: 'Заблокировать',
  unblock: 'Разблокировать',
  blockConfirm: 'Заблокировать субагента? Все его сеансы закончатся сразу.',
} as const;

/**
 * Субагенты (`/app/sub_agents`, §2; for network agent owners): the owner's sub-agents with their paid
 * sales (count, premium) and the owner's override on them (the ledger), block and unblock, and «Пригласить
 * субагента» — name, email, phone, legal form and the roles §6 lets an owner assign (the api refuses any
 * other); the answer is a one-time link to copy and send, by which the sub-agent sets a password.
 * Live: `agent_changed` reads the list again.
 */
export default function SubAgentsPage() {
  const list = useLoad(() => listSubAgents(), [], { keepPrevious: true });
  const [inviting, setInviting] = React.useState(false);
  const [link, setLink] = React.useState<string | null>(null);
  const reload = React.useRef(list.reload);
  reload.current = list.reload;
  const { refresh } = list;
  React.useEffect(() => {
    const sub = getRuntime().bus.on('agent_changed').subscribe(() => reload.current());
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [refresh]);

  return (
    <PageFrame
      title={SUB_AGENTS_TEXTS.title}
      section="sub_agents"
      extra={inviting ? null : (
        <Button type="primary" onClick={() => { setInviting(true); setLink(null); }}>
          {SUB_AGENTS_TEXTS.invite}
        </Button>
      )}
    >
      {inviting ? <InviteForm onCancel={() => setInviting(false)} onDone={(l) => { setInviting(false); setLink(l); list.reload(); }} /> : null}
      {link ? <InviteLink path={link} /> : null}
      <Loaded load={list} loading={{ rows: 5 }} errorTitle={SUB_AGENTS_TEXTS.loadError} isEmpty={(d) => !d.subAgents.length} empty={<EmptyState text={SUB_AGENTS_TEXTS.empty} />}>
        {(data) => (
          <>
            <div className="oy-subagents__totals" aria-label="Итого">
              <div><span className="oy-agents__muted">Продаж</span><strong>{data.totals.count}</strong></div>
              <div><span className="oy-agents__muted">Премия</span><strong>{formatMoney(data.totals.premium)}</strong></div>
              <div><span className="oy-agents__muted">Мой оверрайд</span><strong>{formatMoney(data.totals.override)}</strong></div>
            </div>
            <table className="oy-subagents__table" aria-label="Субагенты">
              <thead>
                <tr>
                  <th>Субагент</th>
                  <th>С нами с</th>
                  <th className="oy-agents__money">Продаж</th>
                  <th className="oy-agents__money">Премия</th>
                  <th className="oy-agents__money">Оверрайд</th>
                  <th>Статус</th>
                </tr>
              </thead>
              <tbody>
                {data.subAgents.map((s) => <Row key={s._id} sub={s} onChanged={list.reload} />)}
              </tbody>
            </table>
          </>
        )}
      </Loaded>
    </PageFrame>
  );
}

function Row({ sub, onChanged }: { sub: SubAgentItem; onChanged: () => void }) {
  const [asking, setAsking] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await patchAgent(sub._id, { isBlocked: !sub.isBlocked });
      setAsking(false);
      onChanged();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr>
      <td>
        <Link to={agentPath(sub._id)}>{sub.fio || sub.email}</Link>
        <div className="oy-agents__muted">{[sub.email, sub.phone].filter(Boolean).join(' · ')}</div>
      </td>
      <td data-label="С нами с">{formatDate(sub.createDate)}</td>
      <td className="oy-agents__money" data-label="Продаж">{sub.sales.count}</td>
      <td className="oy-agents__money" data-label="Премия">{formatMoney(sub.sales.premium)}</td>
      <td className="oy-agents__money" data-label="Оверрайд">{formatMoney(sub.override)}</td>
      <td className="oy-subagents__status">
        <span className={sub.isBlocked ? 'oy-agent__status oy-agent__status--blocked' : 'oy-agent__status'}>{sub.isBlocked ? 'Заблокирован' : 'Активен'}</span>{' '}
        <Button size="small" onClick={() => (sub.isBlocked ? void toggle() : setAsking(true))} loading={busy && !asking}>
          {sub.isBlocked ? SUB_AGENTS_TEXTS.unblock : SUB_AGENTS_TEXTS.block}
        </Button>
        {error ? <div role="alert" className="oy-subagents__error">{error}</div> : null}
        <ConfirmDialog open={asking} title={SUB_AGENTS_TEXTS.blockConfirm} okText={SUB_AGENTS_TEXTS.block} loading={busy} onCancel={() => setAsking(false)} onOk={() => void toggle()} />
      </td>
    </tr>
  );
}

const EMPTY: Invitation = { secondName: '', firstName: '', middleName: '', email: '', phone: '', opf: 'FL', roles: ['agent', 'sub_agent'] };

function InviteForm({ onCancel, onDone }: { onCancel: () => void; onDone: (link: string) => void }) {
  const [v, setV] = React.useState<Invitation>(EMPTY);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [phoneError, setPhoneError] = React.useState<string | null>(null);
  const field = (name: keyof Invitation, label: string, props: Record<string, unknown> = {}) => (
    <label>
      {label}
      <Input aria-label={label} value={v[name] as string} onChange={(e) => setV({ ...v, [name]: e.target.value })} {...props} />
    </label>
  );
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const wrongPhone = userPhoneError(v.phone);
    setPhoneError(wrongPhone);
    if (wrongPhone) return;
    setBusy(true);
    setError(null);
    try {
      const made = await inviteSubAgent(v);
      onDone(made.link);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="oy-agent__card" aria-label={SUB_AGENTS_TEXTS.invite}>
      <h2>{SUB_AGENTS_TEXTS.invite}</h2>
      <form className="oy-subagents__form" onSubmit={(e) => void submit(e)}>
        {field('secondName', 'Фамилия')}
        {field('firstName', 'Имя')}
        {field('middleName', 'Отчество')}
        {field('email', 'Email', { type: 'email' })}
        <label>
          Телефон
          <PhoneInput aria-label="Телефон" value={v.phone} error={phoneError ?? undefined} onChange={(phone) => setV({ ...v, phone })} />
          {phoneError ? <span className="oy-subagents__error">{phoneError}</span> : null}
        </label>
        <label>
          Правовая форма
          <select aria-label="Правовая форма" className="oy-agents__select" value={v.opf} onChange={(e) => setV({ ...v, opf: e.target.value })}>
            {AGENT_OPFS.map((o) => (
              <option key={o} value={o}>
                {AGENT_OPF_TITLES[o]}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="oy-subagents__roles">
          <legend className="oy-agents__muted">Роли</legend>
          {BROKERS_OWNER_ASSIGNABLE_ROLES.map((r) => (
            <label key={r}>
              <input
                type="checkbox"
                checked={v.roles.includes(r)}
                disabled={r === 'sub_agent'}
                onChange={(e) => setV({ ...v, roles: e.target.checked ? [...v.roles, r] : v.roles.filter((x) => x !== r) })}
              />{' '}
              {ROLE_TITLES[r]}
            </label>
          ))}
        </fieldset>
        {error ? <p role="alert" className="oy-subagents__error">{error}</p> : null}
        <div className="oy-agent__control">
          <Button type="primary" htmlType="submit" loading={busy}>
            {SUB_AGENTS_TEXTS.send}
          </Button>
          <Button onClick={onCancel}>{SUB_AGENTS_TEXTS.cancel}</Button>
        </div>
      </form>
    </section>
  );
}

/** The invitation's link, whole (under this app's address), to copy and send. */
function InviteLink({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  return (
    <section className="oy-agent__card" aria-label="Ссылка-приглашение">
      <p>{SUB_AGENTS_TEXTS.linkReady}</p>
      <div className="oy-subagents__link">
        <code data-testid="invite-link">{url}</code>
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => notifySaved(SUB_AGENTS_TEXTS.copied), () => undefined);
          }}
        >
          {SUB_AGENTS_TEXTS.copy}
        </Button>
      </div>
    </section>
  );
}
