import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Route, Routes, useParams } from 'react-router-dom';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { setRuntime, ROUTER_FUTURE } from '@oyster/shared-kit/runtime';
import { SECTIONS } from '../sections';
import RemoteRoutes from '../routes';
import { makeHarnessRuntime } from './runtime';

// Test doubles of what the shell gives every remote (session, HTTP, bus, toasts).
setRuntime(makeHarnessRuntime());

function Section() {
  const { section = '' } = useParams();
  return <RemoteRoutes section={section} />;
}

function Harness() {
  return (
    <div style={{ display: 'flex', minHeight: '100vh' }}>
      <nav style={{ width: 246, padding: 16, borderRight: '1px solid #e6e9f0', background: '#fff' }}>
        <div style={{ fontWeight: 600, marginBottom: 12 }}>remote-sales · harness</div>
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
