import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Route, Routes, useParams } from 'react-router-dom';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { setRuntime, ROUTER_FUTURE } from '@oyster/shared-kit/runtime';
import { SECTIONS } from '../sections';
import RemoteRoutes from '../routes';
import { makeHarnessRuntime } from './runtime';

// Test doubles of what the shell gives every remote (session, HTTP, bus, toasts).
// ?as=copywriter (any key of DEMO_USERS) shows the screens as that role; the default is an agent.
const as = new URLSearchParams(window.location.search).get('as') ?? '';
setRuntime(makeHarnessRuntime(DEMO_USERS[as]));

function Section() {
  const { section = '' } = useParams();
  return <RemoteRoutes section={section} />;
}

function Harness() {
  return (
    <div style={{ display: 'flex', minHeight: '100vh' }}>
      <nav style={{ width: 246, padding: 16, borderRight: '1px solid #e6e9f0', background: '#fff' }}>
        <div style={{ fontWeight: 600, marginBottom: 12 }}>remote-learning · harness</div>
        {Object.entries(SECTIONS).map(([key, info]) => (
          <div key={key} style={{ margin: '6px 0' }}>
            <NavLink to={`/${key}`}>{info.title}</NavLink>
          </div>
        ))}
      </nav>
      <main style={{ flex: 1, maxWidth: 900, padding: 24 }}>
        <Routes>
          <Route index element={<p>Выберите раздел слева.</p>} />
          <Route path=":section/*" element={<Section />} />
        </Routes>
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <OysterProvider>
    <BrowserRouter future={ROUTER_FUTURE}>
      <Harness />
    </BrowserRouter>
  </OysterProvider>,
);
