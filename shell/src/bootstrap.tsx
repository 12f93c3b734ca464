import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { chatFrameIdOf, PAGE_TITLE } from '@oyster/shared-kit/domain/platform';
import { setRuntime } from '@oyster/shared-kit/runtime';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { RemoteWidget } from './federation/RemoteSection';
import { initFederation } from './federation/registry';
import { App } from './App';
import { preloadHomeWidgets } from './pages/HomePage';
import { APP_BASENAME } from './services/storage';
import { createServices, ServicesProvider } from './services';
import { ToastHost } from './services/ToastHost';


/** Starts the app: services, the remotes' registry, the router and the layout. */
export async function start(): Promise<void> {
  // The chat button's frame (/chat/{chatId}): the shell without its layout, in its own chunk.
  const framedChat = chatFrameIdOf(window.location.pathname);
  if (framedChat !== undefined) {
    const { startChatFrame } = await import(/* webpackChunkName: "chat-frame" */ './chat/ChatFrameApp');
    return startChatFrame(framedChat);
  }
  const services = createServices();
  services.runtime.Widget = RemoteWidget;
  setRuntime(services.runtime);
  services.socket.start();
  void services.session.restore();
  // The remotes' manifest is read while the app renders (every remote load waits for it, and it
  // never fails: default paths then); on home, its widgets start loading at once, not after the
  // first render has mounted them.
  void initFederation();
  if (window.location.pathname.replace(/\/+$/, '') === APP_BASENAME) preloadHomeWidgets();
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

