import * as React from 'react';
import { useParams } from 'react-router-dom';
import {
  BLOCKED_TITLES,
  OPF_TITLES,
  ROLE_TITLES,
  USER_FLAGS,
  USER_KIND_TITLES,
  USER_TEXTS,
  FORM_TEXTS,
  moscowParts,
  type ManagedUser,
  type Role,
  type UserFlag,
  userPhoneError,
} from '@oyster/shared-kit/domain';
import { Button, ConfirmDialog, Field, Input, PhoneInput } from '@oyster/shared-kit/ui/form';
import { PageFrame, notifySaved, useItemPage } from '@oyster/shared-kit/ui/screens';
import { changeUser, managedUser, passwordLink, type UserChange } from '../../api/users';
import { USERS_BACK } from '../manage/manage';
import { FlagChecks, RoleChecks, refusalOf } from './parts';
import '../manage/manage.css';

/**
 * A user's page (`/app/user/<id>`, administrators): who they are, and what an administrator changes —
 * names, phone, roles (their kind's options of §6), the flags of §3 — with «Сохранить» (only what
 * changed goes in the PATCH; the user's open sessions get it at once); «Заблокировать» / «Разблокировать»
 * after a confirmation (blocking ends their sessions); «Сбросить пароль» gives a one-time link to pass on.
 */
export default function UserPage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const page = useItemPage((signal) => managedUser(userId, signal), [userId], { back: USERS_BACK, keepPrevious: true });
  if (!page.ready) return page.placeholder;
  return <UserCard key={page.data.updatedAt} user={page.data} reload={page.reload} />;
}

type Form = Pick<ManagedUser, 'secondName' | 'firstName' | 'middleName'> & { phone: string; roles: Role[] } & Record<UserFlag, boolean>;
const formOf = (u: ManagedUser): Form => ({
  secondName: u.secondName,
  firstName: u.firstName,
  middleName: u.middleName,
  phone: u.phone ?? '',
  roles: u.roles,
  ...(Object.fromEntries(USER_FLAGS.map((f) => [f, u[f]])) as Record<UserFlag, boolean>),
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function UserCard({ user, reload }: { user: ManagedUser; reload(): void }) {
  const initial = React.useMemo(() => formOf(user), [user]);
  const [form, setForm] = React.useState<Form>(initial);
  const [errors, setErrors] = React.useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = React.useState<string | null>(null);
  const [askPassword, setAskPassword] = React.useState(false);
  const [password, setPassword] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [confirmBlock, setConfirmBlock] = React.useState(false);
  const [blocking, setBlocking] = React.useState(false);
  const [blockProblem, setBlockProblem] = React.useState<string | null>(null);
  const [link, setLink] = React.useState<string | null>(null);
  const [linkBusy, setLinkBusy] = React.useState(false);
  const [linkProblem, setLinkProblem] = React.useState<string | null>(null);

  const change: UserChange = {};
  for (const k of Object.keys(form) as (keyof Form)[]) {
    if (same(form[k], initial[k])) continue;
    if (k === 'phone') change.phone = form.phone || null;
    else if (k === 'roles') change.roles = form.roles;
    else (change as Record<string, unknown>)[k] = typeof form[k] === 'string' ? (form[k] as string).trim() : form[k];
  }
  const dirty = Object.keys(change).length > 0;

  const edit = <K extends keyof Form>(k: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
    setProblem(null);
  };

  const save = async () => {
    const e: Partial<Record<string, string>> = {};
    if (!form.secondName.trim()) e.secondName = FORM_TEXTS.required;
    if (!form.firstName.trim()) e.firstName = FORM_TEXTS.required;
    const phone = userPhoneError(form.phone);
    if (phone) e.phone = phone;
    if (!form.roles.length) e.roles = 'Выберите хотя бы одну роль';
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    setProblem(null);
    try {
      await changeUser(user._id, askPassword && change.roles ? { ...change, password } : change);
      notifySaved('Изменения сохранены');
      setAskPassword(false);
      setPassword('');
      reload();
    } catch (err) {
      const r = refusalOf(err);
      // A role change after a long session asks for the administrator's password.
      if (r.field === 'password') {
        setAskPassword(true);
        setErrors({ password: askPassword ? r.message : undefined });
        setProblem(askPassword ? null : r.message);
      } else if (r.field && r.field in form) setErrors({ [r.field]: r.message });
      else setProblem(r.message);
    } finally {
      setBusy(false);
    }
  };

  const block = async () => {
    setBlocking(true);
    setBlockProblem(null);
    try {
      await changeUser(user._id, { isBlocked: !user.isBlocked });
      notifySaved(user.isBlocked ? 'Пользователь разблокирован' : 'Пользователь заблокирован');
      setConfirmBlock(false);
      reload();
    } catch (err) {
      setBlockProblem(refusalOf(err).message);
      setConfirmBlock(false);
    } finally {
      setBlocking(false);
    }
  };

  const reset = async () => {
    setLinkBusy(true);
    setLinkProblem(null);
    try {
      setLink(await passwordLink(user._id));
    } catch (err) {
      setLinkProblem(refusalOf(err).message);
    } finally {
      setLinkBusy(false);
    }
  };

  const text = (k: 'secondName' | 'firstName' | 'middleName', label: string, required = false) => (
    <Field label={label} htmlFor={`user-${k}`} required={required} error={errors[k]}>
      <Input id={`user-${k}`} value={form[k]} status={errors[k] ? 'error' : undefined} onChange={(e) => edit(k, e.target.value)} />
    </Field>
  );

  return (
    <PageFrame
      title={user.fio || user.email}
      back={USERS_BACK}
      extra={<span className={`oy-manage__badge${user.isBlocked ? ' oy-manage__badge--blocked' : ''}`}>{BLOCKED_TITLES[user.isBlocked ? 1 : 0]}</span>}
    >
      <dl className="oy-user-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Роль</dt>
          <dd>{user.role ? ROLE_TITLES[user.role] : '—'}</dd>
        </div>
        <div>
          <dt>Вид</dt>
          <dd>
            {USER_KIND_TITLES[user.kind]}
            {user.opf ? `, ${OPF_TITLES[user.opf]}` : ''}
          </dd>
        </div>
        <div>
          <dt>Брокерская сеть</dt>
          <dd>{user.network?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Создан</dt>
          <dd>{moscowParts(user.createdAt).date}</dd>
        </div>
      </dl>
      <form
        className="oy-user-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <section className="oy-user-panel" aria-label="Данные">
          <h2>Данные</h2>
          <div className="oy-user-grid">
            {text('secondName', 'Фамилия', true)}
            {text('firstName', 'Имя', true)}
            {text('middleName', 'Отчество')}
            <Field label="Телефон" htmlFor="user-phone" error={errors.phone}>
              <PhoneInput id="user-phone" value={form.phone} onChange={(p) => edit('phone', p)} error={errors.phone} />
            </Field>
          </div>
        </section>
        <section className="oy-user-panel" aria-label="Роли и права">
          <h2>Роли и права</h2>
          <RoleChecks kind={user.kind} value={form.roles} error={errors.roles} onChange={(r) => edit('roles', r)} />
          <div style={{ marginTop: 16 }}>
            <FlagChecks value={form} onChange={(f, on) => edit(f, on)} />
          </div>
          {askPassword ? (
            <div style={{ marginTop: 16, maxWidth: 320 }}>
              <Field label="Ваш пароль (подтверждение смены ролей)" htmlFor="admin-password" required error={errors.password}>
                <Input.Password id="admin-password" value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} />
              </Field>
            </div>
          ) : null}
        </section>
        {problem ? (
          <p className="oy-manage__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="oy-user-actions">
          <Button type="primary" htmlType="submit" loading={busy} disabled={!dirty}>
            Сохранить
          </Button>
          {dirty ? (
            <Button
              onClick={() => {
                setForm(initial);
                setErrors({});
                setProblem(null);
              }}
            >
              Отменить изменения
            </Button>
          ) : null}
        </div>
      </form>
      <section className="oy-user-panel" aria-label="Доступ" style={{ marginTop: 16, maxWidth: 720 }}>
        <h2>Доступ</h2>
        <div className="oy-user-actions">
          <Button danger={!user.isBlocked} onClick={() => setConfirmBlock(true)}>
            {user.isBlocked ? 'Разблокировать' : 'Заблокировать'}
          </Button>
          <Button onClick={() => void reset()} loading={linkBusy} disabled={user.isBlocked}>
            Сбросить пароль
          </Button>
        </div>
        {blockProblem ? (
          <p className="oy-manage__error" role="alert">
            {blockProblem}
          </p>
        ) : null}
        {linkProblem ? (
          <p className="oy-manage__error" role="alert">
            {linkProblem}
          </p>
        ) : null}
        {link ? (
          <div className="oy-user-link">
            <Input readOnly aria-label="Одноразовая ссылка для пароля" value={link} onFocus={(e) => e.target.select()} />
            <Button onClick={() => void navigator.clipboard?.writeText(link).then(() => notifySaved('Ссылка скопирована'), () => undefined)}>Копировать</Button>
          </div>
        ) : null}
        {link ? <p className="oy-manage__muted">Ссылка действует один раз: передайте её пользователю, он задаст новый пароль.</p> : null}
      </section>
      <ConfirmDialog
        open={confirmBlock}
        title={user.isBlocked ? USER_TEXTS.unblockConfirm : USER_TEXTS.blockConfirm}
        okText={user.isBlocked ? 'Разблокировать' : 'Заблокировать'}
        danger={!user.isBlocked}
        loading={blocking}
        onOk={() => void block()}
        onCancel={() => setConfirmBlock(false)}
      />
    </PageFrame>
  );
}
