import * as React from 'react';
import { BROKER_REQUEST_STATUS as S, formatMoney, type BrokerRequestDetails, type BrokerRequestOffer } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Dropdown, Field, Input, MoneyInput, NumberInput } from '@oyster/shared-kit/ui/form';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { addOffer, removeOffer } from '../../api/requests';
import { FilesBlock } from './FilesBlock';

/** While the executor works the request, offers are added and removed; the agent sees them from «Ожидает согласия клиента». */
export const EDITABLE_OFFER_STATUSES: readonly number[] = [S.prepared, S.calculating, S.calculated, S.saved];

function OfferCard({ request, offer, editable, choosing, onChoose, onChanged }: {
  request: BrokerRequestDetails;
  offer: BrokerRequestOffer;
  editable: boolean;
  choosing: boolean;
  onChoose(offer: BrokerRequestOffer): void;
  onChanged(next: BrokerRequestDetails): void;
}) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function remove() {
    setBusy(true);
    try {
      onChanged(await removeOffer(request.id, offer.id));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <article className={`oy-breq__offer${offer.accepted ? ' oy-breq__offer--accepted' : ''}`} aria-label={offer.companyName}>
      <header>
        <h3>{offer.companyName}</h3>
        <span className="oy-breq__premium">{formatMoney(offer.premium)}</span>
      </header>
      {offer.commissionPercent != null ? <span className="oy-breq__chip">КВ {String(offer.commissionPercent).replace('.', ',')}%</span> : null}
      {offer.accepted ? <span className="oy-breq__chip oy-breq__chip--accent">Выбрано</span> : null}
      {offer.conditions ? <p className="oy-breq__conditions">{offer.conditions}</p> : null}
      <FilesBlock
        requestId={request.id}
        files={offer.files}
        offerId={offer.id}
        title={`Файлы предложения ${offer.companyName}`}
        canChange={editable}
        canRemoveOthers={editable}
        onFiles={(files) => onChanged({ ...request, offers: request.offers.map((o) => (o.id === offer.id ? { ...o, files: files.filter((f) => f.offerId === offer.id) } : o)) })}
      />
      <div className="oy-breq__actions">
        {choosing ? (
          <Button type="primary" onClick={() => onChoose(offer)}>
            Выбрать это предложение
          </Button>
        ) : null}
        {editable ? (
          <Button danger onClick={() => void remove()} loading={busy}>
            Убрать предложение
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className="oy-breq__error" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}

/** The executor's form for one more insurer's offer: the insurer, the premium (kopecks), the agent's commission, the conditions. */
function NewOffer({ request, onChanged }: { request: BrokerRequestDetails; onChanged(next: BrokerRequestDetails): void }) {
  const [companies, setCompanies] = React.useState<{ key: string; text: string }[]>([]);
  const [companyId, setCompanyId] = React.useState<string | null>(null);
  const [premium, setPremium] = React.useState<number | null>(null);
  const [percent, setPercent] = React.useState<number | null>(null);
  const [conditions, setConditions] = React.useState('');
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    void getRuntime()
      .initState()
      .then((s) => setCompanies(s.companies.map((c) => ({ key: c._id, text: c.shortName }))))
      .catch(() => setError('Не удалось загрузить список страховщиков'));
  }, []);
  async function add() {
    if (!companyId) return setError('Выберите страховщика');
    if (!premium) return setError('Укажите премию');
    setBusy(true);
    setError(null);
    try {
      onChanged(await addOffer(request.id, { companyId, premium, commissionPercent: percent, conditions }));
      setCompanyId(null);
      setPremium(null);
      setPercent(null);
      setConditions('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="oy-breq__new-offer" aria-label="Новое предложение">
      <h3>Новое предложение</h3>
      <div className="oy-breq__grid">
        <Field label="Страховщик" htmlFor="offer-company" required>
          <Dropdown id="offer-company" options={companies} value={companyId} onChange={(v) => setCompanyId(v == null ? null : String(v))} />
        </Field>
        <Field label="Премия" htmlFor="offer-premium" required>
          <MoneyInput id="offer-premium" value={premium} onChange={setPremium} />
        </Field>
        <Field label="КВ агента, %" htmlFor="offer-percent">
          <NumberInput id="offer-percent" value={percent} onChange={setPercent} />
        </Field>
        <div className="oy-breq__wide">
          <Field label="Условия (риски, франшиза, исключения)" htmlFor="offer-conditions">
            <Input.TextArea id="offer-conditions" value={conditions} maxLength={4000} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => setConditions(e.target.value)} />
          </Field>
        </div>
      </div>
      <Button onClick={() => void add()} loading={busy}>
        Добавить предложение
      </Button>
      {error ? (
        <p className="oy-breq__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The insurers' offers of a request: the executor adds and removes them while working it; the agent
 * chooses one («Выбрать это предложение») while the request waits for the client.
 */
export function OffersBlock({ request, onChanged, onChoose }: { request: BrokerRequestDetails; onChanged(next: BrokerRequestDetails): void; onChoose(offer: BrokerRequestOffer): void }) {
  const editable = request.actor === 'executor' && !!request.executor && EDITABLE_OFFER_STATUSES.includes(request.status);
  const choosing = request.actor === 'agent' && request.next.includes(S.executorAcceptance);
  const hidden = request.actor === 'agent' && request.status < S.clientAcceptance && !request.offers.some((o) => o.accepted);
  return (
    <section className="oy-breq__block" aria-label="Предложения страховщиков">
      <h2>Предложения страховщиков</h2>
      {hidden ? (
        <p className="oy-breq__muted">Исполнитель рассчитывает запрос у страховщиков: предложения появятся здесь, как только он их отправит.</p>
      ) : request.offers.length ? (
        <div className="oy-breq__offers">
          {request.offers.map((o) => (
            <OfferCard key={o.id} request={request} offer={o} editable={editable} choosing={choosing} onChoose={onChoose} onChanged={onChanged} />
          ))}
        </div>
      ) : (
        <p className="oy-breq__muted">{editable ? 'Добавьте предложения страховщиков — агент увидит их, когда вы их отправите.' : 'Предложений пока нет.'}</p>
      )}
      {editable ? <NewOffer request={request} onChanged={onChanged} /> : null}
    </section>
  );
}
