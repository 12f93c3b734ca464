import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { PAGE_TITLE } from '@oyster/shared-kit/domain/platform';
import { setRuntime } from '@oyster/shared-kit/runtime';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { initFederation } from './federation/registry';
import { App } from './App';
import { createServices, ServicesProvider } from './services';
import { ToastHost } from './services/ToastHost';


/** Starts the app: services, the remotes' registry, the router and the layout. */
export async function start(): Promise<void> {
  const services = createServices();
  setRuntime(services.runtime);
  services.socket.start();
  void services.session.restore();
  try {
    await initFederation();
  } catch (e) {
    // A missing manifest must not keep the login page from showing; sections report it in place.
    console.error('[oyster] remotes manifest could not be loaded', e);
  }
  document.title = PAGE_TITLE;
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <React.StrictMode>
      <OysterProvider>
        <ServicesProvider services={services}>
          <ToastHost toasts={services.toasts} />
          <App />
        </ServicesProvider>
      </OysterProvider>
    </React.StrictMode>,
  );
}

