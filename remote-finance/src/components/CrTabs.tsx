import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { TabSwitch } from '@oyster/shared-kit/ui/parts';
import { LEDGER_TAB_TITLE, MY_PAYOUTS_TITLE, paths } from '../paths';

type CrTab = 'ledger' | 'payouts';

/** The КВ section's two pages as tabs: «Начисления» (`/app/cr`) and «Выплаты и акты» (`/app/cr/payouts`). */
export function CrTabs({ active, children }: { active: CrTab; children: React.ReactNode }) {
  const navigate = useNavigate();
  const tabs: { key: CrTab; label: string; to: string }[] = [
    { key: 'ledger', label: LEDGER_TAB_TITLE, to: paths.ledger() },
    { key: 'payouts', label: MY_PAYOUTS_TITLE, to: paths.myPayouts() },
  ];
  return (
    <TabSwitch
      label="Комиссионное вознаграждение"
      activeKey={active}
      onChange={(k) => {
        if (k !== active) navigate(tabs.find((t) => t.key === k)!.to);
      }}
      items={tabs.map((t) => ({ key: t.key, label: t.label, children: t.key === active ? children : null }))}
    />
  );
}
