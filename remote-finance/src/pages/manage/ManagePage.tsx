import * as React from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { sectionOf } from '@oyster/shared-kit/domain';
import { TabSwitch } from '@oyster/shared-kit/ui/parts';
import { PageFrame, PageLoading, useAccess } from '@oyster/shared-kit/ui/screens';
import { MANAGE_TABS, managePaths, type ManageTab } from './manage';
import './manage.css';

const UsersTab = React.lazy(() => import(/* webpackChunkName: "manage-users" */ './UsersTab'));
const TariffsTab = React.lazy(() => import(/* webpackChunkName: "manage-tariffs" */ './TariffsTab'));
const PartnersTab = React.lazy(() => import(/* webpackChunkName: "manage-partners" */ './PartnersTab'));
const AuditTab = React.lazy(() => import(/* webpackChunkName: "manage-audit" */ './AuditTab'));

const TAB_PAGES: Record<ManageTab, React.ComponentType> = { users: UsersTab, tariffs: TariffsTab, partners: PartnersTab, audit: AuditTab };

/**
 * «Управление» (`/app/manage/<tab>`, spec §2: tariff mapping, user management): «Пользователи», «Маппинг
 * тарифов», «Партнёры», «Журнал изменений» as tabs, each its own address; a viewer sees the tabs their
 * flags allow (users and the log: administrators). `/app/manage` and a tab one may not see open the first
 * one they may.
 */
export default function ManagePage() {
  const { tab } = useParams<{ tab?: string }>();
  const can = useAccess();
  const navigate = useNavigate();
  const tabs = MANAGE_TABS.filter((t) => can[t.access]);
  const active = tabs.find((t) => t.key === tab);
  if (!active) return tabs.length ? <Navigate to={managePaths.tab(tabs[0].key)} replace /> : null;
  const Page = TAB_PAGES[active.key];
  return (
    <PageFrame title={sectionOf('/manage')?.title ?? 'Управление'} section="manage">
      <TabSwitch
        label="Управление"
        activeKey={active.key}
        onChange={(k) => k !== active.key && navigate(managePaths.tab(k))}
        items={tabs.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === active.key ? (
              <React.Suspense fallback={<PageLoading />}>
                <Page />
              </React.Suspense>
            ) : null,
        }))}
      />
    </PageFrame>
  );
}
