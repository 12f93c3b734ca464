import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import {
  FORM_TEXTS,
  LOGIN_TEXTS,
  MIN_PASSWORD_LENGTH,
  OPF_TITLES,
  OPF_VALUES,
  USER_KIND_TITLES,
  isEmail,
  type Opf,
  type Role,
  type UserFlag,
  type UserKind,
  userPhoneError,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Field, Input, PhoneInput } from '@oyster/shared-kit/ui/form';
import { PageFrame, notifySaved } from '@oyster/shared-kit/ui/screens';
import { createUser } from '../../api/users';
import { USERS_BACK, managePaths } from '../manage/manage';
import { FlagChecks, RoleChecks, refusalOf } from './parts';
import '../manage/manage.css';

type Errors = Partial<Record<string, string>>;
const NO_FLAGS: Record<UserFlag, boolean> = { canChatWithAgents: false, canChatWithClients: false, canViewOnlyAppointedAgents: false, canAnalyticsView: false };

/**
 * «Новый пользователь» (`/app/user/create`, administrators): a member of staff or an agent — names, email,
 * phone, the roles of their kind (§6 options), an agent's legal form and broker network, the flags of §3,
 * and a password by the sign-in rules or none (the user then sets one through «Сбросить пароль»'s link).
 * The api's refusal is shown at the field it names; the created user's page opens.
 */
export default function UserCreatePage() {
  const navigate = useNavigate();
  const [kind, setKind] = React.useState<UserKind>('staff');
  const [v, setV] = React.useState({ secondName: '', firstName: '', middleName: '', email: '', phone: '', opf: '' as Opf | '', networkId: '', password: '' });
  const [roles, setRoles] = React.useState<Role[]>([]);
  const [flags, setFlags] = React.useState(NO_FLAGS);
  const [errors, setErrors] = React.useState<Errors>({});
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [networks, setNetworks] = React.useState<{ _id: string; name: string }[]>([]);
  React.useEffect(() => {
    let live = true;
    getRuntime()
      .initState()
      .then((s) => live && setNetworks(s.networkList ?? []), () => undefined);
    return () => {
      live = false;
    };
  }, []);

  const set = (name: keyof typeof v) => (value: string) => {
    setV((s) => ({ ...s, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const check = (): Errors => {
    const e: Errors = {};
    if (!v.secondName.trim()) e.secondName = FORM_TEXTS.required;
    if (!v.firstName.trim()) e.firstName = FORM_TEXTS.required;
    if (!v.email.trim()) e.email = LOGIN_TEXTS.emailRequired;
    else if (!isEmail(v.email.trim())) e.email = LOGIN_TEXTS.emailInvalid;
    const phone = userPhoneError(v.phone);
    if (phone) e.phone = phone;
    if (!roles.length) e.roles = 'Выберите хотя бы одну роль';
    if (kind === 'agent' && !v.opf) e.opf = FORM_TEXTS.required;
    if (v.password && v.password.length < MIN_PASSWORD_LENGTH) e.password = LOGIN_TEXTS.passwordTooShort;
    return e;
  };

  const submit = async () => {
    const e = check();
    setErrors(e);
    setProblem(null);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const user = await createUser({
        email: v.email.trim(),
        firstName: v.firstName.trim(),
        secondName: v.secondName.trim(),
        middleName: v.middleName.trim(),
        phone: v.phone || null,
        roles,
        ...(kind === 'agent' ? { opf: v.opf || null, networkId: v.networkId || null } : {}),
        ...flags,
        ...(v.password ? { password: v.password } : {}),
      });
      notifySaved(`Пользователь ${user.fio} создан`);
      navigate(managePaths.user(user._id));
    } catch (err) {
      const r = refusalOf(err);
      if (r.field) setErrors({ [r.field]: r.message });
      else setProblem(r.message);
      setBusy(false);
    }
  };

  const text = (name: 'secondName' | 'firstName' | 'middleName' | 'email', label: string, required = false, extra: object = {}) => (
    <Field label={label} htmlFor={`user-${name}`} required={required} error={errors[name]}>
      <Input id={`user-${name}`} value={v[name]} status={errors[name] ? 'error' : undefined} aria-invalid={!!errors[name] || undefined} onChange={(e) => set(name)(e.target.value)} {...extra} />
    </Field>
  );

  return (
    <PageFrame title="Новый пользователь" back={USERS_BACK}>
      <form
        className="oy-user-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <section className="oy-user-panel" aria-label="Кто">
          <div className="oy-user-checks" role="radiogroup" aria-label="Вид пользователя" style={{ marginBottom: 16 }}>
            {(['staff', 'agent'] as const).map((k) => (
              <label key={k}>
                <input
                  type="radio"
                  name="kind"
                  checked={kind === k}
                  onChange={() => {
                    setKind(k);
                    setRoles([]);
                  }}
                />
                {USER_KIND_TITLES[k]}
              </label>
            ))}
          </div>
          <div className="oy-user-grid">
            {text('secondName', 'Фамилия', true)}
            {text('firstName', 'Имя', true)}
            {text('middleName', 'Отчество')}
            {text('email', 'Email', true, { type: 'email', autoComplete: 'off' })}
            <Field label="Телефон" htmlFor="user-phone" error={errors.phone}>
              <PhoneInput id="user-phone" value={v.phone} onChange={set('phone')} error={errors.phone} />
            </Field>
            {kind === 'agent' ? (
              <>
                <Field label="Организационная форма" htmlFor="user-opf" required error={errors.opf}>
                  <select id="user-opf" value={v.opf} onChange={(e) => set('opf')(e.target.value)} aria-invalid={!!errors.opf || undefined}>
                    <option value="">—</option>
                    {OPF_VALUES.map((o) => (
                      <option key={o} value={o}>
                        {OPF_TITLES[o]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="Брокерская сеть" htmlFor="user-network" error={errors.networkId}>
                  <select id="user-network" value={v.networkId} onChange={(e) => set('networkId')(e.target.value)}>
                    <option value="">Без сети</option>
                    {networks.map((n) => (
                      <option key={n._id} value={n._id}>
                        {n.name}
                      </option>
                    ))}
                  </select>
                </Field>
              </>
            ) : null}
          </div>
        </section>
        <section className="oy-user-panel" aria-label="Роли и права">
          <h2>Роли и права</h2>
          <RoleChecks
            kind={kind}
            value={roles}
            error={errors.roles}
            onChange={(r) => {
              setRoles(r);
              setErrors((e) => ({ ...e, roles: undefined }));
            }}
          />
          <div style={{ marginTop: 16 }}>
            <FlagChecks value={flags} onChange={(f, on) => setFlags((s) => ({ ...s, [f]: on }))} />
          </div>
        </section>
        <section className="oy-user-panel" aria-label="Пароль">
          <h2>Пароль</h2>
          <Field label="Начальный пароль" htmlFor="user-password" error={errors.password}>
            <Input.Password id="user-password" value={v.password} autoComplete="new-password" status={errors.password ? 'error' : undefined} onChange={(e) => set('password')(e.target.value)} />
          </Field>
          <p className="oy-manage__muted" style={{ margin: 0 }}>
            Оставьте пустым — пользователь задаст пароль сам по одноразовой ссылке («Сбросить пароль» на его странице).
          </p>
        </section>
        {problem ? (
          <p className="oy-manage__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="oy-user-actions">
          <Button type="primary" htmlType="submit" loading={busy}>
            Создать пользователя
          </Button>
          <Button onClick={() => navigate(USERS_BACK.to)}>Отмена</Button>
        </div>
      </form>
    </PageFrame>
  );
}
