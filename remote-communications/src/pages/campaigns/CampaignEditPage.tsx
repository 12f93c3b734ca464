import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CAMPAIGN_LIMITS as L,
  CAMPAIGN_TEXTS as T,
  OPF_TITLES,
  OPF_VALUES,
  POPUP_SOUND_TITLES,
  POPUP_SOUNDS,
  ROLE_TITLES,
  ROLES,
  moscowIso,
  moscowParts,
  popupSoundUrl,
  type CampaignDetails,
  type CampaignInput,
  type PopupSound,
} from '@oyster/shared-kit/domain';
import { getRuntime, type InitState } from '@oyster/shared-kit/runtime';
import { Checkbox, DateInput, Dropdown, Field, Input, MultiDropdown, TimeInput, Button } from '@oyster/shared-kit/ui/form';
import { ErrorState, ImageField, ItemUnavailable, LoadingBlock, PageFrame, errorText, useDebounced, useLoad } from '@oyster/shared-kit/ui/screens';
import { audienceCount, getCampaign, saveCampaign, sendCampaign, uploadPopupImage } from '../../api/campaigns';
import { PopupPreview } from './PopupPreview';
import './campaigns.css';

type When = 'draft' | 'now' | 'at';

interface Form {
  title: string;
  text: string;
  actions: { text: string; link: string }[];
  green: boolean;
  dark: boolean;
  sound: PopupSound | null;
  imageUrl: string | null;
  roles: string[];
  networkIds: string[];
  opf: string[];
  agentEmails: string;
  when: When;
  date: string;
  time: string;
}

const EMPTY: Form = {
  title: '',
  text: '',
  actions: [
    { text: '', link: '' },
    { text: '', link: '' },
    { text: '', link: '' },
  ],
  green: false,
  dark: false,
  sound: null,
  imageUrl: null,
  roles: [],
  networkIds: [],
  opf: [],
  agentEmails: '',
  when: 'draft',
  date: '',
  time: '',
};

function fromDetails(c: CampaignDetails): Form {
  const actions = [...c.actions, ...EMPTY.actions].slice(0, 3);
  const at = c.sendAt ? moscowParts(c.sendAt) : { date: '', time: '' };
  return {
    title: c.title,
    text: c.text,
    actions,
    green: c.actionColor === 'green',
    dark: c.darkBackground,
    sound: c.sound,
    imageUrl: c.imageUrl,
    roles: c.audience.roles,
    networkIds: c.audience.networkIds,
    opf: c.audience.opf,
    agentEmails: c.audience.agentEmails.join('\n'),
    when: c.sendAt ? 'at' : 'draft',
    ...at,
  };
}

const audienceOf = (f: Form): CampaignInput['audience'] => ({
  roles: f.roles,
  networkIds: f.networkIds,
  opf: f.opf,
  agentEmails: f.agentEmails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean),
});

/**
 * «Новая рассылка» / editing one not yet sent (`/app/campaigns/new`, `/app/campaigns/{id}/edit`): the
 * popup (title, HTML text, up to three buttons with links, green buttons, dark background, a sound, a
 * picture) with its live preview; the audience (roles, networks, legal forms — or a list of agents'
 * e-mails) with the number who will get it; saved as a draft, sent now, or scheduled (Moscow time).
 */
export default function CampaignEditPage() {
  const { campaignId } = useParams();
  const existing = useLoad(() => (campaignId ? getCampaign(campaignId) : Promise.resolve(null)), [campaignId]);
  if (existing.state.status === 'loading') return <PageFrame back={{ to: '/campaigns', label: 'Рассылки' }}><LoadingBlock rows={6} /></PageFrame>;
  if (existing.state.status === 'error') {
    return <ItemUnavailable message={existing.state.httpStatus === 404 ? T.notFound : 'Не удалось загрузить рассылку'} httpStatus={existing.state.httpStatus} onRetry={existing.reload} back={{ to: '/campaigns', label: 'Рассылки' }} />;
  }
  const c = existing.state.data;
  if (c?.status === 'sent') return <ErrorState title={T.notEditable} />;
  return <Editor id={campaignId ?? null} initial={c ? fromDetails(c) : EMPTY} />;
}

function Editor({ id, initial }: { id: string | null; initial: Form }) {
  const navigate = useNavigate();
  const [f, setF] = React.useState<Form>(initial);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [networks, setNetworks] = React.useState<InitState['networkList']>([]);
  const [count, setCount] = React.useState<{ n: number } | { error: string } | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setF((prev) => ({ ...prev, [key]: value }));

  React.useEffect(() => {
    getRuntime()
      .initState()
      .then((s) => setNetworks(s.networkList))
      .catch(() => setNetworks([]));
  }, []);

  // How many will get it, as the audience is chosen.
  const audience = useDebounced(JSON.stringify(audienceOf(f)), 400);
  React.useEffect(() => {
    let live = true;
    audienceCount(JSON.parse(audience)).then(
      (n) => live && setCount({ n }),
      (e) => live && setCount({ error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [audience]);

  function input(): CampaignInput | string {
    if (!f.title.trim()) return 'Поле «title» обязательно';
    if (!f.text.trim()) return 'Поле «text» обязательно';
    const actions = f.actions.filter((a) => a.text.trim() || a.link.trim()).map((a) => ({ text: a.text.trim(), link: a.link.trim() }));
    if (actions.some((a) => !a.text || !a.link)) return 'У каждой кнопки должны быть текст и ссылка';
    let sendAt: string | null = null;
    if (f.when === 'at') {
      sendAt = moscowIso(f.date, f.time);
      if (!sendAt) return 'Укажите дату и время отправки';
    }
    return { title: f.title.trim(), text: f.text, actions, actionColor: f.green ? 'green' : null, darkBackground: f.dark, sound: f.sound, imageUrl: f.imageUrl, audience: audienceOf(f), sendAt };
  }

  async function submit() {
    const body = input();
    if (typeof body === 'string') return setError(body);
    setBusy(true);
    setError(null);
    try {
      let saved = await saveCampaign(id, body);
      if (f.when === 'now') saved = await sendCampaign(saved._id);
      getRuntime().toasts.show({ type: 'success', body: f.when === 'now' ? `Рассылка отправлена: ${saved.recipients}` : f.when === 'at' ? 'Рассылка запланирована' : 'Черновик сохранён' });
      navigate(`/campaigns/${saved._id}`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const preview = input();
  return (
    <PageFrame title={id ? 'Рассылка: изменить' : T.create} back={{ to: id ? `/campaigns/${id}` : '/campaigns', label: id ? 'Рассылка' : 'Рассылки' }}>
      <div className="oy-campaign__grid">
        <div className="oy-campaign__block" role="form" aria-label="Рассылка">
          <h2>Сообщение</h2>
          <Field label="Заголовок" htmlFor="c-title" required>
            <Input id="c-title" value={f.title} maxLength={L.title} onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field label="Текст (HTML: абзацы, жирный, ссылки, списки)" htmlFor="c-text" required>
            <Input.TextArea id="c-text" value={f.text} maxLength={L.text} autoSize={{ minRows: 4, maxRows: 12 }} onChange={(e) => set('text', e.target.value)} />
          </Field>
          <p className="oy-campaign__muted">До трёх кнопок; ссылка — раздел приложения (/news) или адрес https://…, откроется в новой вкладке.</p>
          {f.actions.map((a, i) => (
            <div className="oy-campaign__row" key={i}>
              <Field label={`Кнопка ${i + 1}: текст`} htmlFor={`c-a${i}-text`}>
                <Input id={`c-a${i}-text`} value={a.text} maxLength={L.actionText} onChange={(e) => set('actions', f.actions.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))} />
              </Field>
              <Field label={`Кнопка ${i + 1}: ссылка`} htmlFor={`c-a${i}-link`}>
                <Input id={`c-a${i}-link`} value={a.link} maxLength={L.link} onChange={(e) => set('actions', f.actions.map((x, j) => (j === i ? { ...x, link: e.target.value } : x)))} />
              </Field>
            </div>
          ))}
          <div className="oy-campaign__row">
            <Checkbox checked={f.green} onChange={(e) => set('green', e.target.checked)}>
              Зелёные кнопки
            </Checkbox>
            <Checkbox checked={f.dark} onChange={(e) => set('dark', e.target.checked)}>
              Тёмный фон
            </Checkbox>
          </div>
          <div className="oy-campaign__row">
            <Field label="Звук при показе" htmlFor="c-sound">
              <Dropdown
                id="c-sound"
                value={f.sound ?? ''}
                options={[{ key: '', text: 'Без звука' }, ...POPUP_SOUNDS.map((s) => ({ key: s, text: POPUP_SOUND_TITLES[s] }))]}
                sorted={false}
                onChange={(v) => set('sound', (v || null) as PopupSound | null)}
              />
            </Field>
            <Button disabled={!f.sound} onClick={() => f.sound && void new Audio(popupSoundUrl(f.sound)).play().catch(() => undefined)}>
              Прослушать
            </Button>
          </div>
          <Field label="Картинка (необязательно)" htmlFor="c-image">
            <ImageField value={f.imageUrl} onChange={(url) => set('imageUrl', url)} upload={uploadPopupImage} alt="Картинка рассылки" />
          </Field>

          <h2>Кому</h2>
          <p className="oy-campaign__muted">Без фильтров — всем агентам. Список e-mail заменяет фильтры.</p>
          <div className="oy-campaign__row">
            <Field label="Роли" htmlFor="c-roles">
              <MultiDropdown id="c-roles" value={f.roles} options={ROLES.map((r) => ({ key: r, text: ROLE_TITLES[r] }))} onChange={(v) => set('roles', v as string[])} />
            </Field>
            <Field label="Брокерские сети" htmlFor="c-networks">
              <MultiDropdown id="c-networks" value={f.networkIds} options={networks.map((n) => ({ key: n._id, text: n.name }))} onChange={(v) => set('networkIds', v as string[])} />
            </Field>
            <Field label="Форма" htmlFor="c-opf">
              <MultiDropdown id="c-opf" value={f.opf} options={OPF_VALUES.map((o) => ({ key: o, text: OPF_TITLES[o] }))} sorted={false} onChange={(v) => set('opf', v as string[])} />
            </Field>
          </div>
          <Field label="Или список агентов: e-mail через запятую или с новой строки" htmlFor="c-emails">
            <Input.TextArea id="c-emails" value={f.agentEmails} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => set('agentEmails', e.target.value)} />
          </Field>
          <p className="oy-campaign__muted" aria-live="polite" data-testid="audience-count">
            {count === null ? 'Считаем получателей…' : 'n' in count ? (count.n ? `Получат: ${count.n}` : T.audienceEmpty) : count.error}
          </p>

          <h2>Когда</h2>
          <div className="oy-campaign__row" role="radiogroup" aria-label="Когда отправить">
            {(
              [
                ['draft', T.saveDraft],
                ['now', T.sendNow],
                ['at', T.schedule],
              ] as const
            ).map(([w, label]) => (
              <label key={w} className="oy-campaign__when">
                <input type="radio" name="when" checked={f.when === w} onChange={() => set('when', w)} /> {label}
              </label>
            ))}
          </div>
          {f.when === 'at' ? (
            <div className="oy-campaign__row">
              <Field label="Дата (МСК)" htmlFor="c-date">
                <DateInput id="c-date" value={f.date} onChange={(v) => set('date', v)} />
              </Field>
              <Field label="Время (МСК)" htmlFor="c-time">
                <TimeInput id="c-time" value={f.time} onChange={(v) => set('time', v)} />
              </Field>
            </div>
          ) : null}
          {error ? (
            <p className="oy-campaign__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="oy-campaign__actions">
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              {f.when === 'now' ? T.sendNow : f.when === 'at' ? T.schedule : T.saveDraft}
            </Button>
          </div>
        </div>
        <div className="oy-campaign__block">
          <h2>Как увидит агент</h2>
          {typeof preview === 'string' && !f.title && !f.text ? (
            <p className="oy-campaign__muted">Заполните заголовок и текст</p>
          ) : (
            <PopupPreview
              title={f.title}
              html={f.text}
              actions={f.actions.filter((a) => a.text.trim())}
              green={f.green}
              dark={f.dark}
              imageUrl={f.imageUrl}
            />
          )}
        </div>
      </div>
    </PageFrame>
  );
}
