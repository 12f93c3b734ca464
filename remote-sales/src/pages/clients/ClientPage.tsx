import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CLIENT_KIND_TITLES, VEHICLE_DOCUMENT_TITLES, formatDate, formatMoney, vehicleTitle, type Client, type Vehicle } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, StatusIcon } from '@oyster/shared-kit/ui/form';
import { ConfirmDelete, EmptyState, ItemUnavailable, LoadingBlock, PageFrame, notifySaved, useLoad } from '@oyster/shared-kit/ui/screens';
import { addVehicle, deleteClient, deleteVehicle, getClient, updateClient, updateVehicle } from '../../api/clients';
import { ClientForm, VehicleForm } from './ClientForm';
import './clients.css';

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  const shown = rows.filter(([, v]) => v != null && v !== '');
  return (
    <dl className="oy-clients__facts">
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClientFacts({ c }: { c: Client }) {
  const p = c.passport;
  return c.kind === 'person' ? (
    <Facts
      rows={[
        ['Дата рождения', formatDate(c.birthDate)],
        ['Паспорт', p?.number ? `${p.series ?? ''} ${p.number}`.trim() : null],
        ['Выдан', p ? [p.issuer, p.issuedAt ? formatDate(p.issuedAt) : null, p.unitCode ? `код ${p.unitCode}` : null].filter(Boolean).join(', ') : null],
        ['Адрес регистрации', c.address?.value],
        ['Телефон', c.phone],
        ['E-mail', c.email],
      ]}
    />
  ) : (
    <Facts
      rows={[
        ['ИНН', c.inn],
        ['КПП', c.kpp],
        ['ОГРН', c.ogrn],
        ['Юридический адрес', c.address?.value],
        ['Контактное лицо', c.contactPerson],
        ['Телефон', c.phone],
        ['E-mail', c.email],
      ]}
    />
  );
}

function VehicleRow({ v, onEdit, onDelete }: { v: Vehicle; onEdit(): void; onDelete(): Promise<unknown> }) {
  const doc = v.document;
  return (
    <li className="oy-clients__vehicle">
      <div>
        <strong>{vehicleTitle(v)}</strong>
        <span className="oy-clients__muted">
          {[v.vin ? `VIN ${v.vin}` : v.bodyNumber ? `Кузов ${v.bodyNumber}` : null, v.powerHp ? `${v.powerHp} л. с.` : null, v.category ? `кат. ${v.category}` : null, doc?.number ? `${doc.type ? VEHICLE_DOCUMENT_TITLES[doc.type] : 'Документ'} ${doc.series ?? ''} ${doc.number}${doc.issuedAt ? ` от ${formatDate(doc.issuedAt)}` : ''}` : null]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      <div className="oy-clients__row-actions">
        <Button size="small" onClick={onEdit}>
          Изменить
        </Button>
        <ConfirmDelete title={`Удалить «${vehicleTitle(v)}»?`} doneText="Автомобиль удалён" onConfirm={onDelete}>
          <Button size="small" danger>
            Удалить
          </Button>
        </ConfirmDelete>
      </div>
    </li>
  );
}

/**
 * A client's card (`/app/contracts/clients/{id}`): their data (the passport in full — only who sees the
 * agent gets here at all: anyone else has a 404), their vehicles, the contracts they are the client of or
 * whose vehicle they own; editing with the form kit; deleting while nothing names them. Live on `client_changed`.
 */
export default function ClientPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload, refresh } = useLoad(() => getClient(clientId), [clientId], { keepPrevious: true });
  const [editing, setEditing] = React.useState<null | 'client' | 'new-vehicle' | string>(null);

  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('client_changed')
      .subscribe((e) => e.clientId === clientId && reload());
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [clientId, reload, refresh]);

  const back = { to: '/contracts/clients', label: 'Клиенты' };
  if (state.status === 'loading') return <PageFrame back={back} section="contracts"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Клиент не найден' : 'Не удалось загрузить клиента'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const { client, vehicles, contracts, canDelete } = state.data;
  const done = (text: string) => {
    notifySaved(text);
    setEditing(null);
    reload();
  };
  return (
    <PageFrame
      title={client.name}
      back={back}
      extra={
        editing ? null : (
          <div className="oy-clients__row-actions">
            <Button onClick={() => setEditing('client')}>Изменить</Button>
            {canDelete ? (
              <ConfirmDelete
                title={`Удалить клиента «${client.name}»?`}
                description="Его автомобили удалятся вместе с ним."
                doneText="Клиент удалён"
                onConfirm={async () => {
                  await deleteClient(client.id);
                  navigate('/contracts/clients');
                }}
              >
                <Button danger>Удалить</Button>
              </ConfirmDelete>
            ) : null}
          </div>
        )
      }
    >
      <p className="oy-clients__muted">
        {CLIENT_KIND_TITLES[client.kind]} · агент {client.agent.fio} · изменён {formatDate(client.updatedAt)}
      </p>
      <section className="oy-clients__card" aria-label="Данные клиента">
        <h2>Данные</h2>
        {editing === 'client' ? (
          <ClientForm
            client={client}
            onCancel={() => setEditing(null)}
            onSave={async (input) => {
              await updateClient(client.id, input);
              done('Данные клиента сохранены');
            }}
          />
        ) : (
          <ClientFacts c={client} />
        )}
      </section>
      <section className="oy-clients__card" aria-label="Автомобили">
        <div className="oy-clients__card-head">
          <h2>Автомобили</h2>
          {editing ? null : <Button onClick={() => setEditing('new-vehicle')}>Добавить автомобиль</Button>}
        </div>
        {editing === 'new-vehicle' ? (
          <VehicleForm
            vehicle={null}
            onCancel={() => setEditing(null)}
            onSave={async (input) => {
              await addVehicle(client.id, input);
              done('Автомобиль добавлен');
            }}
          />
        ) : null}
        {vehicles.length ? (
          <ul className="oy-clients__vehicles">
            {vehicles.map((v) =>
              editing === v.id ? (
                <li key={v.id}>
                  <VehicleForm
                    vehicle={v}
                    onCancel={() => setEditing(null)}
                    onSave={async (input) => {
                      await updateVehicle(v.id, input);
                      done('Автомобиль сохранён');
                    }}
                  />
                </li>
              ) : (
                <VehicleRow key={v.id} v={v} onEdit={() => setEditing(v.id)} onDelete={() => deleteVehicle(v.id).then(reload)} />
              ),
            )}
          </ul>
        ) : editing === 'new-vehicle' ? null : (
          <EmptyState compact text="Автомобилей нет" />
        )}
      </section>
      <section className="oy-clients__card" aria-label="Договоры клиента">
        <h2>Договоры</h2>
        {contracts.length ? (
          <ul className="oy-clients__contracts">
            {contracts.map((c) => (
              <li key={c.id}>
                <Link to={c.resumeStep ? `/contracts/${c.id}/${c.resumeStep}` : `/contracts/${c.id}`} className="oy-clients__contract">
                  <span className="oy-clients__status">
                    <StatusIcon status={c.reportStatus} size={16} /> {c.statusTitle}
                  </span>
                  <span>
                    {c.productName}
                    {c.policyNumber ? ` ${c.policyNumber}` : ''} · {c.companyName ?? '—'} · {c.plate ?? c.vin ?? '—'}
                  </span>
                  <span className="oy-clients__money">{c.premium == null ? '—' : formatMoney(c.premium)}</span>
                  <span className="oy-clients__muted">{formatDate(c.createdAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState compact text="Договоров пока нет" />
        )}
      </section>
    </PageFrame>
  );
}
