import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FORM_TEXTS, WEBINAR_LIMITS as L, WEBINAR_TEXTS as T, dateError, moscowIso, moscowParts, timeError, type Webinar, type WebinarInput } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, DateInput, Field, Input, IntegerInput, TimeInput } from '@oyster/shared-kit/ui/form';
import { ErrorState, ItemUnavailable, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { getWebinar, saveWebinar } from '../../api/webinars';
import { WEBINARS_BACK } from './parts';
import './webinars.css';

interface Form {
  title: string;
  description: string;
  date: string;
  time: string;
  duration: number | null;
  platform: string;
  conferenceLink: string;
}
type Errors = Partial<Record<keyof Form, string>>;

const EMPTY: Form = { title: '', description: '', date: '', time: '', duration: 60, platform: '', conferenceLink: '' };

/** The form's texts: the api's rules (routes/webinars.ts), said about the fields a person sees. */
const WEBINAR_FORM_TEXTS = {
  duration: `От ${L.minDuration} до ${L.maxDuration} минут`,
  link: 'Адрес конференции: https://…',
  past: 'Время начала уже прошло',
  pastDate: 'Эта дата уже прошла',
} as const;

function fromWebinar(w: Webinar): Form {
  return { title: w.title, description: w.description, ...moscowParts(w.startsAt), duration: w.duration, platform: w.platform, conferenceLink: w.conferenceLink };
}

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return !!new URL(value).hostname;
  } catch {
    return false;
  }
}

/** Every field's error (the api's rules); `now` for «already passed». */
function webinarFormErrors(f: Form, now = Date.now()): Errors {
  const e: Errors = {};
  if (!f.title.trim()) e.title = FORM_TEXTS.required;
  if (!f.date) e.date = FORM_TEXTS.required;
  else if (dateError(f.date)) e.date = dateError(f.date)!;
  if (!f.time) e.time = FORM_TEXTS.required;
  else if (timeError(f.time)) e.time = timeError(f.time)!;
  const startsAt = !e.date && !e.time ? moscowIso(f.date, f.time) : null;
  if (startsAt && Date.parse(startsAt) <= now) {
    // An earlier day is the date's fault; today's passed hour, the time's.
    if (f.date === moscowParts(new Date(now).toISOString()).date) e.time = WEBINAR_FORM_TEXTS.past;
    else e.date = WEBINAR_FORM_TEXTS.pastDate;
  }
  if (f.duration === null) e.duration = FORM_TEXTS.required;
  else if (!Number.isInteger(f.duration) || f.duration < L.minDuration || f.duration > L.maxDuration) e.duration = WEBINAR_FORM_TEXTS.duration;
  if (!f.platform.trim()) e.platform = FORM_TEXTS.required;
  const link = f.conferenceLink.trim();
  if (!link) e.conferenceLink = FORM_TEXTS.required;
  else if (!isHttpsUrl(link)) e.conferenceLink = WEBINAR_FORM_TEXTS.link;
  return e;
}

/**
 * «Новый вебинар» / changing one (`/app/webinar/new`, `/app/webinar/{id}/edit`; admins and copywriters —
 * the route is gated, the api checks): title, description, the Moscow date and time (sent as ISO with
 * +03:00), duration, platform, the https link. A postponed webinar given a date is back on.
 */
export default function WebinarEditPage() {
  const { webinarId } = useParams();
  const existing = useLoad(() => (webinarId ? getWebinar(webinarId) : Promise.resolve(null)), [webinarId]);
  const back = webinarId ? { to: `/webinar/${webinarId}`, label: 'Вебинар' } : WEBINARS_BACK;
  if (existing.state.status === 'loading') return <PageFrame back={back}><LoadingBlock variant="page" /></PageFrame>;
  if (existing.state.status === 'error') {
    return <ItemUnavailable message={existing.state.httpStatus === 404 ? T.notFound : 'Не удалось загрузить вебинар'} httpStatus={existing.state.httpStatus} onRetry={existing.reload} back={WEBINARS_BACK} />;
  }
  const w = existing.state.data;
  if (w?.status === 'end') {
    return (
      <PageFrame title={w.title} back={back}>
        <ErrorState title={`${T.ended}: изменить его нельзя`} />
      </PageFrame>
    );
  }
  return <Editor id={webinarId ?? null} initial={w ? fromWebinar(w) : EMPTY} postponed={!!w?.removeWebinar} back={back} />;
}

function Editor({ id, initial, postponed, back }: { id: string | null; initial: Form; postponed: boolean; back: { to: string; label: string } }) {
  const navigate = useNavigate();
  const [f, setF] = React.useState<Form>(initial);
  const [shown, setShown] = React.useState<Partial<Record<keyof Form, boolean>>>({});
  const [submitted, setSubmitted] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setF((prev) => ({ ...prev, [key]: value }));
  const touch = (key: keyof Form) => () => setShown((prev) => ({ ...prev, [key]: true }));
  const errors = webinarFormErrors(f);
  const errorOf = (key: keyof Form) => (submitted || shown[key] ? errors[key] : undefined);
  const today = moscowParts(new Date().toISOString()).date;
  /** A required one-line text field (title, platform, link). */
  const textField = (key: 'title' | 'platform' | 'conferenceLink', label: string, maxLength: number, placeholder?: string) => (
    <Field label={label} htmlFor={`w-${key}`} required error={errorOf(key)}>
      <Input
        id={`w-${key}`}
        value={f[key]}
        maxLength={maxLength}
        placeholder={placeholder}
        status={errorOf(key) ? 'error' : undefined}
        onChange={(e) => set(key, e.target.value)}
        onBlur={touch(key)}
      />
    </Field>
  );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    const input: WebinarInput = {
      title: f.title.trim(),
      description: f.description.trim(),
      startsAt: moscowIso(f.date, f.time)!,
      duration: f.duration!,
      platform: f.platform.trim(),
      conferenceLink: f.conferenceLink.trim(),
    };
    setBusy(true);
    setError(null);
    try {
      const saved = await saveWebinar(id, input);
      getRuntime().toasts.show({ type: 'success', body: id ? 'Вебинар сохранён' : 'Вебинар создан' });
      navigate(`/webinar/${saved._id}`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <PageFrame title={id ? 'Вебинар: изменить' : T.create} back={back}>
      <form className="oy-webinar__block oy-webinar__form" aria-label="Вебинар" noValidate onSubmit={(e) => void submit(e)}>
        {postponed ? (
          <p className="oy-webinar__notice" role="status">
            Вебинар отложен. Сохраните его с новой датой — он вернётся в расписание, записавшимся придёт новое время.
          </p>
        ) : null}
        {textField('title', 'Название', L.title)}
        <Field label="Описание" htmlFor="w-description">
          <Input.TextArea id="w-description" value={f.description} maxLength={L.description} autoSize={{ minRows: 3, maxRows: 10 }} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <div className="oy-webinar__row">
          <Field label="Дата (МСК)" htmlFor="w-date" required error={errorOf('date')}>
            <DateInput id="w-date" value={f.date} min={today} error={errorOf('date')} onChange={(v) => set('date', v)} onBlur={touch('date')} />
          </Field>
          <Field label="Время (МСК)" htmlFor="w-time" required error={errorOf('time')}>
            <TimeInput id="w-time" value={f.time} error={errorOf('time')} onChange={(v) => set('time', v)} onBlur={touch('time')} />
          </Field>
          <Field label="Длительность, мин" htmlFor="w-duration" required error={errorOf('duration')}>
            <IntegerInput id="w-duration" value={f.duration} error={errorOf('duration')} onChange={(v) => set('duration', v)} onBlur={touch('duration')} />
          </Field>
        </div>
        {textField('platform', 'Платформа', L.platform, 'Zoom, Контур.Толк, Яндекс Телемост…')}
        {textField('conferenceLink', 'Ссылка на конференцию', L.link, 'https://')}
        {error ? (
          <p className="oy-webinar__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="oy-webinar__staff-actions">
          <Button type="primary" htmlType="submit" loading={busy}>
            {id ? 'Сохранить' : 'Создать вебинар'}
          </Button>
          <Button onClick={() => navigate(back.to)} disabled={busy}>
            Отмена
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}
