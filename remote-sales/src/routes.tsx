import * as React from 'react';
import type { PreloadableRoutes, RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { SectionRoutes, type SectionPages } from '@oyster/shared-kit/ui/screens';

// Every page loads on demand (spec §2).
const EosagoQuotePage = React.lazy(() => import(/* webpackChunkName: "eosago-quote" */ './pages/new-eosago/EosagoQuotePage'));
const KaskoPage = React.lazy(() => import(/* webpackChunkName: "ekasko" */ './pages/new-ekasko/KaskoPage'));
const VzrCalculatorPage = React.lazy(() => import(/* webpackChunkName: "vzr" */ './pages/new-vzr/VzrCalculatorPage'));
const VzrDetailsPage = React.lazy(() => import(/* webpackChunkName: "vzr" */ './pages/new-vzr/VzrDetailsPage'));
const loadContractsList = () => import(/* webpackChunkName: "contracts-list" */ './pages/contracts/ContractsListPage');
const ContractsListPage = React.lazy(loadContractsList);
const RenewalsPage = React.lazy(() => import(/* webpackChunkName: "renewals" */ './pages/contracts/RenewalsPage'));
const ContractPage = React.lazy(() => import(/* webpackChunkName: "contract" */ './pages/contracts/ContractPage'));
const ContractStepsPage = React.lazy(() => import(/* webpackChunkName: "contract-steps" */ './pages/contracts/ContractStepsPage'));
const ClientsListPage = React.lazy(() => import(/* webpackChunkName: "clients" */ './pages/clients/ClientsListPage'));
const ClientPage = React.lazy(() => import(/* webpackChunkName: "client" */ './pages/clients/ClientPage'));
const IpotekaPage = React.lazy(() => import(/* webpackChunkName: "ipoteka" */ './pages/new-ipoteka/IpotekaPage'));
const PropertyPage = React.lazy(() => import(/* webpackChunkName: "property" */ './pages/new-ifl/PropertyPages'));
const SoapLogsPage = React.lazy(() => import(/* webpackChunkName: "soap-logs" */ './pages/soap-logs/SoapLogsPage'));
const OysterAppPage = React.lazy(() => import(/* webpackChunkName: "oyster-app" */ './pages/oyster-app/OysterAppPage'));
const loadManual = () => import(/* webpackChunkName: "manual" */ './pages/new-manual/ManualPages');
const ManualStartPage = React.lazy(() => loadManual().then((m) => ({ default: m.ManualStartPage })));
const ManualStepsPage = React.lazy(() => loadManual().then((m) => ({ default: m.ManualStepsPage })));
const OysterAppClientsPage = React.lazy(() => import(/* webpackChunkName: "oyster-app-clients" */ './pages/oyster-app/ClientsPage'));

/** The pages of the sections whose screens have landed (lazy, as in remote-learning). */
export const SECTION_PAGES: SectionPages = {
  'new-eosago': [{ path: '', page: EosagoQuotePage }],
  'new-ekasko': [
    { path: '', page: KaskoPage },
    { path: ':step', page: KaskoPage },
  ],
  'new-vzr': [
    { path: '', page: VzrCalculatorPage },
    { path: ':step', page: VzrDetailsPage },
  ],
  'new-ifl': [
    { path: '', page: PropertyPage },
    { path: ':step', page: PropertyPage },
  ],
  'new-ifl_house': [
    { path: '', page: PropertyPage },
    { path: ':step', page: PropertyPage },
  ],
  'new-ipoteka': [
    { path: '', page: IpotekaPage },
    { path: ':step', page: IpotekaPage },
  ],
  contracts: [
    { path: '', page: ContractsListPage },
    { path: 'renewals', page: RenewalsPage },
    // Клиенты (issue 25): inside Полисы; a static segment outranks :contractId.
    { path: 'clients', page: ClientsListPage },
    { path: 'clients/:clientId', page: ClientPage },
    { path: ':contractId', page: ContractPage },
    { path: ':contractId/:step', page: ContractStepsPage },
  ],
  // A policy issued elsewhere, entered by hand (issue 25): the draft's start, then its steps.
  'new-manual': [{ path: '', page: ManualStartPage }],
  manual: [{ path: 'contracts/:contractId/:step', page: ManualStepsPage }],
  'soap-logs': [{ path: '', page: SoapLogsPage }],
  'oyster-app': [
    { path: '', page: OysterAppPage },
    { path: 'clients', page: OysterAppClientsPage },
  ],
};

/**
 * The known sub-paths of each section still waiting for its screens (relative route patterns, '' = the
 * section itself). Which sections are this remote's, their titles and access flags are the
 * registry's (`sectionsOf('remote_sales')` in @oyster/shared-kit/domain).
 */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {
  'new-eosago': [':step'],
};

/**
 * remote_sales/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`): a landed section's pages (SECTION_PAGES), else its honest placeholder under
 * the registry's heading; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <SectionRoutes section={section} pages={SECTION_PAGES} placeholders={PLACEHOLDER_PATHS} />;
}

/** The page the sidebar's «Полисы» opens on, fetched by the shell's prefetch on idle (issue 10: a section a click away). */
(RemoteRoutes as PreloadableRoutes).preload = () => loadContractsList();
