import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { setRuntime, ROUTER_FUTURE } from '@oyster/shared-kit/runtime';
import { OysterProvider } from '@oyster/shared-kit/ui/base';
import { RemoteWidget } from '../federation/RemoteSection';
import { initFederation } from '../federation/registry';
import { PageSpinner } from '../components/PageSpinner';
import { createServices, ServicesProvider, useObservable, useServices } from '../services';
import { ToastHost } from '../services/ToastHost';
import './chat-frame-page.css';

/**
 * `/chat/{chatId}` (`/chat/null`: support) — the page the chat button frames (§2): the shell without
 * its layout, signed in by the same session as the app around it (same origin, same storage), showing
 * remote_communications/ChatFrame. Its own socket brings the chat's messages live.
 */
export function startChatFrame(chatId: string): void {
  const services = createServices({ frame: true });
  services.runtime.Widget = RemoteWidget;
  setRuntime(services.runtime);
  // A deliberate logout inside the frame: the whole app goes to the landing page, not the frame.
  services.session.setNavigator((path) => window.top?.location.assign(`/app${path}`));
  services.socket.start();
  void services.session.restore();
  void initFederation();
  document.title = 'Чат';
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      <OysterProvider>
        <ServicesProvider services={services}>
          <ToastHost toasts={services.toasts} />
          <MemoryRouter future={ROUTER_FUTURE}>
            <ChatFramePage chatId={chatId} />
          </MemoryRouter>
        </ServicesProvider>
      </OysterProvider>
    </React.StrictMode>,
  );
}

function ChatFramePage({ chatId }: { chatId: string }) {
  const { session } = useServices();
  const user = useObservable(session.session$);
  const ready = useObservable(session.ready$);
  if (!ready) return <PageSpinner />;
  if (!user) {
    return (
      <p className="oy-chat-frame-page__signed-out">
        Чат доступен после входа.{' '}
        <a href="/app/login" target="_top">
          Войти
        </a>
      </p>
    );
  }
  return (
    <div className="oy-chat-frame-page">
      <RemoteWidget remote="remote_communications" module="ChatFrame" props={{ chatId }} />
    </div>
  );
}
