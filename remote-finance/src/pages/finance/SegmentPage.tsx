import * as React from 'react';
import { useParams } from 'react-router-dom';
import { CONTRACT_PRODUCTS, CONTRACT_PRODUCT_TITLES, FORM_TEXTS, formatDate, toDateText, toIsoDate, type CommissionSegment, type ContractParty } from '@oyster/shared-kit/domain';
import { Button, ConfirmDialog, DateInput, Field, Input, maskNumberTyping } from '@oyster/shared-kit/ui/form';
import { EmptyState, notifySaved, PageFrame, useItemPage } from '@oyster/shared-kit/ui/screens';
import type { AgentChoice } from '../../api/agents';
import { addSegmentRate, renameSegment, saveProblem, segmentAmong, setSegmentMembers, type SaveProblem } from '../../api/rates';
import { AgentPicker } from '../../components/AgentPicker';
import { InsurerSelect } from '../../components/InsurerSelect';
import { NameDialog } from '../../components/NameDialog';
import { moscowToday, percentToBp, rateError, rateText } from '../../components/rates';
import { rateVersions, VERSION_STANDING_TITLES } from '../../components/segmentRates';
import { SEGMENTS_BACK } from '../../paths';
import './finance.css';

type Loaded = { segment: CommissionSegment; all: CommissionSegment[] };

/**
 * One segment of the commission segmenter (`/app/finance/segments/{id}`; finance staff): rename it, add a
 * rate version (insurer, product, rate %, from today or later), and set its members — adding by the agents
 * search, removing from the list; every change of members sends the whole list (an agent of another
 * segment moves here, and the confirm says so).
 */
export default function SegmentPage() {
  const { segmentId = '' } = useParams();
  const page = useItemPage((signal) => segmentAmong(segmentId, signal), [segmentId], { back: SEGMENTS_BACK });
  const [renaming, setRenaming] = React.useState(false);
  if (!page.ready) return page.placeholder;
  const { segment } = page.data;
  /** The api's segment after a change; its members leave whichever other segment had them. */
  const keep = (saved: CommissionSegment, renamed?: string) =>
    page.update((d) => {
      const next = { ...d.segment, ...saved, ...(renamed ? { name: renamed } : {}) };
      const here = new Set(next.members.map((m) => m.id));
      return {
        segment: next,
        all: d.all.map((s) => (s.id === next.id ? next : { ...s, members: s.members.filter((m) => !here.has(m.id)) })),
      };
    });

  return (
    <PageFrame
      title={segment.name}
      back={SEGMENTS_BACK}
      extra={<Button onClick={() => setRenaming(true)}>Переименовать</Button>}
    >
      <SegmentRates segment={segment} onSaved={(s) => keep(s)} />
      <SegmentMembers data={page.data} onSaved={(s) => keep(s)} />
      <NameDialog
        open={renaming}
        title="Переименовать сегмент"
        okText="Сохранить"
        initial={segment.name}
        onClose={() => setRenaming(false)}
        onSave={async (name) => {
          await renameSegment(segment.id, name);
          keep(segment, name);
          setRenaming(false);
          notifySaved('Сегмент переименован');
        }}
      />
    </PageFrame>
  );
}

// ─── rates ──────────────────────────────────────────────────────────────────────────────────────

type RateKey = 'companyId' | 'product' | 'rateBp' | 'validFrom';
const RATE_KEYS: readonly string[] = ['companyId', 'product', 'rateBp', 'validFrom'];

/** The segment's rate versions by insurer × product, and the form of a new version. */
function SegmentRates({ segment, onSaved }: { segment: CommissionSegment; onSaved(s: CommissionSegment): void }) {
  const today = moscowToday();
  const groups = rateVersions(segment.rates, today);
  const empty = { companyId: '', product: CONTRACT_PRODUCTS[0] as string, rate: '', validFrom: toDateText(today)! };
  const [f, setF] = React.useState(empty);
  const [submitted, setSubmitted] = React.useState(false);
  const [problem, setProblem] = React.useState<SaveProblem | null>(null);
  const [busy, setBusy] = React.useState(false);
  const errors: Partial<Record<RateKey, string>> = {};
  if (!f.companyId) errors.companyId = FORM_TEXTS.required;
  if (!f.rate.trim()) errors.rateBp = FORM_TEXTS.required;
  else if (rateError(f.rate)) errors.rateBp = rateError(f.rate)!;
  if (!toIsoDate(f.validFrom)) errors.validFrom = FORM_TEXTS.required;
  const errorOf = (k: RateKey) => (problem?.field === k ? problem.message : submitted ? errors[k] : undefined);
  const set = (k: keyof typeof f, value: string, field: RateKey) => {
    setF((prev) => ({ ...prev, [k]: value }));
    setProblem((p) => (p && (p.field === field || !p.field) ? null : p));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await addSegmentRate(segment.id, { companyId: f.companyId, product: f.product, rateBp: percentToBp(f.rate)!, validFrom: toIsoDate(f.validFrom)! });
      onSaved(saved);
      setF(empty);
      setSubmitted(false);
      notifySaved('Ставка сегмента сохранена');
    } catch (err) {
      setProblem(saveProblem(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="oy-fin-panel" aria-label="Ставки сегмента">
      <h2 className="oy-fin-h2">Ставки</h2>
      {groups.length ? (
        <ul className="oy-fin-versions" aria-label="Версии ставок">
          {groups.flat().map((r) => (
            <li key={`${r.companyId}:${r.product}:${r.validFrom}`} className={`oy-fin-version oy-fin-version--${r.standing}`}>
              <span>
                {r.companyName} · {r.productName}
              </span>
              <strong>{rateText(r.rateBp)}</strong>
              <span>с {formatDate(r.validFrom)}</span>
              <span className="oy-fin-muted">{VERSION_STANDING_TITLES[r.standing]}</span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState compact text="Ставок пока нет" />
      )}
      <form className="oy-fin-form" aria-label="Новая ставка" noValidate onSubmit={(e) => void submit(e)}>
        <h3 className="oy-fin-h3">Новая ставка</h3>
        <p className="oy-fin-muted">Новая версия ставки для страховщика и продукта действует с выбранного дня (сегодня или позже); прежняя действует до него.</p>
        <div className="oy-fin-form__row">
          <Field label="Страховщик" htmlFor="seg-company" required error={errorOf('companyId')}>
            <InsurerSelect className="oy-fin-select" id="seg-company" emptyText="Выберите страховщика" invalid={!!errorOf('companyId')} value={f.companyId} onChange={(v) => set('companyId', v, 'companyId')} />
          </Field>
          <Field label="Продукт" htmlFor="seg-product" required error={errorOf('product')}>
            <select className="oy-fin-select" id="seg-product" value={f.product} onChange={(e) => set('product', e.target.value, 'product')}>
              {CONTRACT_PRODUCTS.map((p) => (
                <option key={p} value={p}>
                  {CONTRACT_PRODUCT_TITLES[p]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Ставка, %" htmlFor="seg-rate" required error={errorOf('rateBp')}>
            <Input
              id="seg-rate"
              inputMode="decimal"
              placeholder="12,5"
              suffix="%"
              value={f.rate}
              status={errorOf('rateBp') ? 'error' : undefined}
              aria-invalid={!!errorOf('rateBp') || undefined}
              onChange={(e) => set('rate', maskNumberTyping(e.target.value, { scale: 2 }), 'rateBp')}
            />
          </Field>
          <Field label="Действует с" htmlFor="seg-from" required error={errorOf('validFrom')}>
            <DateInput id="seg-from" min={toDateText(today)!} value={f.validFrom} error={errorOf('validFrom')} onChange={(v) => set('validFrom', v, 'validFrom')} />
          </Field>
        </div>
        {problem && (!problem.field || !RATE_KEYS.includes(problem.field)) ? (
          <p className="oy-fin-error" role="alert">
            {problem.message}
          </p>
        ) : null}
        <div className="oy-fin-form__buttons">
          <Button type="primary" htmlType="submit" loading={busy}>
            Добавить ставку
          </Button>
        </div>
      </form>
    </section>
  );
}

// ─── members ────────────────────────────────────────────────────────────────────────────────────

const MEMBERS_SAVED = 'Состав сегмента сохранён';

/** A change of members waiting for «Да»: who is added (and from which segment) or removed. */
type Pending = { kind: 'add'; agent: ContractParty; from: CommissionSegment } | { kind: 'remove'; agent: ContractParty };

function SegmentMembers({ data: { segment, all }, onSaved }: { data: Loaded; onSaved(s: CommissionSegment): void }) {
  const [pending, setPending] = React.useState<Pending | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [note, setNote] = React.useState<{ text: string; error: boolean } | null>(null);
  // The dialog keeps saying what it asked while it closes.
  const asked = React.useRef<Pending | null>(null);
  if (pending) asked.current = pending;
  const shown = asked.current;

  /** Sends the whole new member list. */
  const put = async (members: ContractParty[]) => {
    setBusy(true);
    setNote(null);
    try {
      onSaved(await setSegmentMembers(segment.id, members.map((m) => m.id)));
      notifySaved(MEMBERS_SAVED);
    } catch (e) {
      setNote({ text: saveProblem(e).message, error: true });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const add = (agent: ContractParty) => put([...segment.members, agent]);
  const remove = (agent: ContractParty) => put(segment.members.filter((m) => m.id !== agent.id));

  const pick = (a: AgentChoice) => {
    const agent = { id: a._id, fio: a.fio };
    if (segment.members.some((m) => m.id === agent.id)) return setNote({ text: `${agent.fio} уже в этом сегменте`, error: false });
    const from = all.find((s) => s.id !== segment.id && s.members.some((m) => m.id === agent.id));
    if (from) setPending({ kind: 'add', agent, from });
    else void add(agent);
  };

  return (
    <section className="oy-fin-panel" aria-label="Агенты">
      <h2 className="oy-fin-h2">Агенты</h2>
      <div className="oy-fin-picker">
        <AgentPicker label="Добавить агента" placeholder="Добавить агента: фамилия, имя или e-mail" disabled={busy} onPick={pick} />
      </div>
      {note ? (
        <p className={note.error ? 'oy-fin-error' : 'oy-fin-muted'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
      {segment.members.length ? (
        <ul className="oy-fin-members" aria-label="Агенты сегмента">
          {segment.members.map((m) => (
            <li key={m.id}>
              <span>{m.fio}</span>
              <Button size="small" disabled={busy} onClick={() => setPending({ kind: 'remove', agent: m })} aria-label={`Убрать ${m.fio}`}>
                Убрать
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState compact text="В сегменте пока нет агентов" />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={shown?.kind === 'remove' ? 'Убрать агента из сегмента?' : 'Перенести агента в этот сегмент?'}
        okText={shown?.kind === 'remove' ? 'Убрать' : 'Перенести'}
        danger={shown?.kind === 'remove'}
        loading={busy}
        onOk={() => pending && void (pending.kind === 'add' ? add(pending.agent) : remove(pending.agent))}
        onCancel={() => setPending(null)}
      >
        {shown?.kind === 'add'
          ? `${shown.agent.fio} сейчас в сегменте «${shown.from.name}». Агент может быть только в одном сегменте: он перейдёт в «${segment.name}» и его продажи будут считаться по ставкам этого сегмента.`
          : shown
            ? `${shown.agent.fio} больше не будет в сегменте «${segment.name}»: его продажи будут считаться по его уровню, если у него нет персонального шаблона.`
            : null}
      </ConfirmDialog>
    </section>
  );
}
