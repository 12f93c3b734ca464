/**
 * A minimal host page to verify the federation glue on its own (used by bench/ and by hand):
 * /app/<section>/... renders <RemoteSection> for the section's remote (REMOTE_SECTIONS, the
 * registry's), with a tiny nav. No access gate here: it checks the glue, not the rules.
 */
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import { BehaviorSubject } from 'rxjs';
import { REMOTE_SECTIONS, makeUser, type SessionUser } from '@oyster/shared-kit/domain';
import { EventBus, setRuntime, type HttpClient, type InitState, ROUTER_FUTURE } from '@oyster/shared-kit/runtime';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { initFederation, RemoteSection } from '..';

const http = {} as HttpClient;
const initState: InitState = { companies: [], products: [], networkList: [], mages: [], curators: [] };
setRuntime({
  session$: new BehaviorSubject<SessionUser | null>(makeUser()),
  http,
  bus: new EventBus(),
  toasts: { show: () => {} },
  initState: async () => initState,
  logout: () => {},
});

const REMOTE_OF = new Map(REMOTE_SECTIONS.map((s) => [s.path, s.owner]));

function Section() {
  const { section = '' } = useParams();
  const remote = REMOTE_OF.get(section);
  return remote ? <RemoteSection remote={remote} section={section} /> : <p data-testid="host-not-found">Нет раздела</p>;
}

void initFederation().then(() => {
  createRoot(document.getElementById('root')!).render(
    <OysterProvider>
      <BrowserRouter basename="/app" future={ROUTER_FUTURE}>
        <nav data-testid="host-nav">
          <Link to="/news">Новости</Link> · <Link to="/contracts">Полисы</Link> · <Link to="/cr">КВ</Link>
        </nav>
        <Routes>
          <Route index element={<p data-testid="host-home">Главная</p>} />
          <Route path=":section/*" element={<Section />} />
        </Routes>
      </BrowserRouter>
    </OysterProvider>,
  );
});
