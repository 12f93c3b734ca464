import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatMoney, moscowParts, registerTitle, type ContractParty, type RegisterDetail } from '@oyster/shared-kit/domain';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { ConfirmDelete, EmptyState, PageFrame, countText, errorText, notifySaved, useItemPage } from '@oyster/shared-kit/ui/screens';
import { actUrl, approveRegister, deleteRegister, markRegisterPaid, register, registerExportUrl } from '../../api/payouts';
import { BILLING_DIALOG_TEXTS, BillingDialog } from '../../components/BillingDialog';
import { PayoutAmounts } from '../../components/PayoutTable';
import { usePayoutLive } from '../../components/payouts';
import { paths, REGISTERS_BACK } from '../../paths';
import '../../components/payouts.css';

export const REGISTER_TEXTS = {
  approve: 'Утвердить',
  remove: 'Удалить черновик',
  removeConfirm: 'Удалить черновик реестра? Его выплаты вернутся в «К выплате».',
  removed: 'Черновик реестра удалён',
  export1c: 'Скачать для банка (1С)',
  exportXlsx: 'Скачать XLSX',
  markLine: 'Отметить оплаченным',
  markAll: 'Отметить весь реестр оплаченным',
  markAllConfirm: 'Отметить оплаченными все выплаты реестра? Агенты увидят «Выплачено».',
  approved: 'Реестр утверждён',
  paid: 'Выплаты отмечены оплаченными',
  mismatch: 'Итог реестра не равен сумме строк — проверьте реестр',
} as const;

/**
 * A payout register (`/app/finance/registers/:registerId`, finance staff): its lines — agent, legal form,
 * начислено / НДФЛ / к выплате, status — with the totals row (the register's total is the sum of its lines), the
 * payouts of the period left out and why, and what its status allows: a draft is approved by another employee
 * (the api refuses its builder: its message shows here) or deleted; an approved one is downloaded for the bank
 * (1C, XLSX) and marked paid line by line or whole (after a confirm). Live on payout_changed.
 */
/** Under the payouts left out: once their details are right and the agent's balance covers them, they go into the next register of the month. */
export const SKIPPED_HINT = 'Когда реквизиты заполнены, а баланс агента покрывает выплату, она войдёт в следующий реестр за этот месяц.';
const BILLING_SAVED = 'Реквизиты сохранены';

export default function RegisterPage() {
  const { registerId = '' } = useParams();
  const page = useItemPage((signal) => register(registerId, signal), [registerId], { back: REGISTERS_BACK, keepPrevious: true });
  usePayoutLive(page.reload, (e) => !e.registerId || e.registerId === registerId);
  if (!page.ready) return page.placeholder;
  return <Register r={page.data} onChange={(d) => page.update(() => d)} />;
}

function Register({ r, onChange }: { r: RegisterDetail; onChange(d: RegisterDetail): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [confirmAll, setConfirmAll] = React.useState(false);
  // Whose billing details are being filled in (a payout left out for want of them).
  const [billing, setBilling] = React.useState<ContractParty | null>(null);
  /** Runs one action; its refusal is shown above the lines. */
  const act = async (name: string, run: () => Promise<RegisterDetail>, done: string) => {
    setBusy(name);
    setProblem(null);
    try {
      onChange(await run());
      notifySaved(done);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const sum = (pick: (p: RegisterDetail['payouts'][number]) => number) => r.payouts.reduce((s, p) => s + pick(p), 0);
  const gross = sum((p) => p.grossKopecks);
  const tax = sum((p) => p.taxKopecks);
  const net = sum((p) => p.netKopecks);

  const actions =
    r.status === 'draft' ? (
      <div className="oy-pay-actions-bar">
        <Button type="primary" loading={busy === 'approve'} onClick={() => void act('approve', () => approveRegister(r.id), REGISTER_TEXTS.approved)}>
          {REGISTER_TEXTS.approve}
        </Button>
        <ConfirmDelete
          title={REGISTER_TEXTS.removeConfirm}
          doneText={REGISTER_TEXTS.removed}
          onConfirm={async () => {
            setProblem(null);
            try {
              await deleteRegister(r.id);
            } catch (e) {
              setProblem(errorText(e));
              throw e;
            }
            navigate(paths.registers());
          }}
        >
          <Button danger>{REGISTER_TEXTS.remove}</Button>
        </ConfirmDelete>
      </div>
    ) : (
      <div className="oy-pay-actions-bar">
        <a className="oy-pay-file" href={registerExportUrl(r.id, '1c')} download>
          {REGISTER_TEXTS.export1c}
        </a>
        <a className="oy-pay-file" href={registerExportUrl(r.id, 'xlsx')} download>
          {REGISTER_TEXTS.exportXlsx}
        </a>
        {r.status === 'approved' ? (
          <Button type="primary" loading={busy === 'all'} onClick={() => setConfirmAll(true)}>
            {REGISTER_TEXTS.markAll}
          </Button>
        ) : null}
      </div>
    );

  return (
    <PageFrame title={registerTitle(r.number, r.period)} back={REGISTERS_BACK}>
      <section className="oy-pay-panel" aria-label="О реестре">
        <dl className="oy-pay-facts">
          <div>
            <dt>Статус</dt>
            <dd>
              <span className={`oy-pay-badge oy-pay-badge--${r.status}`}>{r.statusTitle}</span>
            </dd>
          </div>
          <div>
            <dt>Сумма к выплате</dt>
            <dd className="oy-reg-total">{formatMoney(r.totalKopecks)}</dd>
          </div>
          <div>
            <dt>Выплаты</dt>
            <dd>
              {countText(r.lines, ['выплата', 'выплаты', 'выплат'])}, оплачено {r.paidLines}
            </dd>
          </div>
          <div>
            <dt>Сформировал</dt>
            <dd>
              {r.builtBy.fio}, {moscowParts(r.createdAt).date}
            </dd>
          </div>
          <div>
            <dt>Утвердил</dt>
            <dd>{r.approvedBy ? `${r.approvedBy.fio}${r.approvedAt ? `, ${moscowParts(r.approvedAt).date}` : ''}` : '—'}</dd>
          </div>
        </dl>
        {actions}
        {problem ? (
          <p className="oy-pay-error" role="alert">
            {problem}
          </p>
        ) : null}
      </section>

      {r.payouts.length ? (
        <div className="oy-pay-table">
          <div className="oy-pay-head oy-pay-row" aria-hidden="true">
            <span className="oy-pay-who">Агент</span>
            <span className="oy-pay-opf">Форма</span>
            <span className="oy-pay-num oy-pay-gross">Начислено</span>
            <span className="oy-pay-num oy-pay-tax">Удержан НДФЛ</span>
            <span className="oy-pay-num oy-pay-net">К выплате</span>
            <span className="oy-pay-status">Статус</span>
            <span className="oy-pay-actions" />
          </div>
          <ul className="oy-pay-list" aria-label="Строки реестра">
            {r.payouts.map((p) => (
              <li key={p.id} className="oy-pay-row oy-pay-row--line" data-status={p.status}>
                <span className="oy-pay-who">
                  <strong>{p.agent.fio}</strong>
                  <span className="oy-pay-muted oy-pay-act">
                    Акт <span className="oy-pay-nowrap">{p.actNumber}</span>
                  </span>
                </span>
                <span className="oy-pay-opf">{p.opfTitle}</span>
                <PayoutAmounts grossKopecks={p.grossKopecks} taxKopecks={p.taxKopecks} netKopecks={p.netKopecks} />
                <span className="oy-pay-status">
                  <span className={`oy-pay-badge oy-pay-badge--${p.status}`}>{p.statusTitle}</span>
                  {p.paidAt ? <span className="oy-pay-muted">Выплачено {moscowParts(p.paidAt).date}</span> : null}
                </span>
                <span className="oy-pay-actions">
                  <a href={actUrl(p.id)} download>
                    Акт
                  </a>
                  {r.status === 'approved' && p.status !== 'paid' ? (
                    <Button size="small" loading={busy === p.id} onClick={() => void act(p.id, () => markRegisterPaid(r.id, [p.id]), REGISTER_TEXTS.paid)}>
                      {REGISTER_TEXTS.markLine}
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <div className="oy-pay-row oy-pay-totals" role="group" aria-label="Итого по реестру">
            <span className="oy-pay-who">
              <strong>Итого</strong>
            </span>
            <PayoutAmounts grossKopecks={gross} taxKopecks={tax} netKopecks={net} />
          </div>
          {net !== r.totalKopecks ? (
            <p className="oy-pay-error oy-pay-mismatch" role="alert">
              {REGISTER_TEXTS.mismatch}: {formatMoney(r.totalKopecks)} ≠ {formatMoney(net)}
            </p>
          ) : null}
        </div>
      ) : (
        <EmptyState text="В реестре нет выплат" />
      )}

      {r.skipped.length ? (
        <section className="oy-pay-panel oy-pay-skipped" aria-label="Не вошли в реестр">
          <h2 className="oy-pay-h2">Не вошли в реестр</h2>
          <ul>
            {r.skipped.map((s) => (
              <li key={s.agent.id}>
                <strong>{s.agent.fio}</strong> — {s.reason}{' '}
                <Button size="small" onClick={() => setBilling(s.agent)}>
                  {BILLING_DIALOG_TEXTS.open}
                </Button>
              </li>
            ))}
          </ul>
          <p className="oy-pay-muted">{SKIPPED_HINT}</p>
        </section>
      ) : null}
      {billing ? (
        <BillingDialog
          agent={billing}
          onClose={() => setBilling(null)}
          onDone={() => {
            setBilling(null);
            notifySaved(BILLING_SAVED);
          }}
        />
      ) : null}

      <ConfirmDialog
        open={confirmAll}
        title={REGISTER_TEXTS.markAll}
        onCancel={() => setConfirmAll(false)}
        onOk={() => {
          setConfirmAll(false);
          void act('all', () => markRegisterPaid(r.id), REGISTER_TEXTS.paid);
        }}
      >
        <p>{REGISTER_TEXTS.markAllConfirm}</p>
      </ConfirmDialog>
    </PageFrame>
  );
}
