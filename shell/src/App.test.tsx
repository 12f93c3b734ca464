import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { createRoutesFromChildren, matchRoutes, MemoryRouter } from 'react-router-dom';
import { BehaviorSubject } from 'rxjs';
import { canOpenSection, access, DEMO_ACCOUNT_KEYS, DEMO_USERS, REMOTE_SECTIONS, SECTIONS, sectionOf, type SectionDef, type SessionUser } from '@oyster/shared-kit/domain';
import { setRuntime, type Runtime } from '@oyster/shared-kit/runtime';
import { AppRoutes, SHELL_PAGES, sectionRoutes } from './App';
import { STORAGE_KEYS } from './services/storage';
import { createServices, fakeFetch, renderWithServices } from './testing';
import { loadRemoteModule } from './federation/registry';
import SectionRoute from './layout/SectionRoute';

// The remotes: every `<remote>/Routes` is a stand-in that names itself and the section it got.
jest.mock('./federation/registry', () => ({
  loadRemoteModule: jest.fn(async (id: string) => ({
    Routes: ({ section }: { section: string }) => <div data-testid="remote-page">{`${id} ${section}`}</div>,
  })),
  resetRemote: jest.fn(),
}));
const loadRemote = loadRemoteModule as jest.Mock;

describe('the shell’s route table (the section registry)', () => {
  const routes = createRoutesFromChildren(sectionRoutes());
  const routed = (path: string) => {
    const matches = matchRoutes(routes, path) ?? [];
    const element = matches[matches.length - 1]?.route.element as React.ReactElement<{ section?: SectionDef }> | undefined;
    return element?.props.section;
  };

  it('routes every remote section, its sub-paths too, to that section', () => {
    expect(REMOTE_SECTIONS.length).toBeGreaterThan(0);
    for (const section of REMOTE_SECTIONS) {
      expect(routed(`/${section.path}`)).toBe(section);
      expect(routed(`/${section.path}/1/edit`)).toBe(section);
    }
  });

  it('routes the shell’s own sections to their pages; home is the index', () => {
    for (const section of SECTIONS.filter((s) => s.owner === 'shell' && s.path)) {
      expect(SHELL_PAGES[section.path]).toBeDefined();
      expect(routed(`/${section.path}`)).toBe(section);
    }
    expect(matchRoutes(routes, '/')?.[0].route.index).toBe(true);
    expect(routed('/kit/x')).toBeUndefined();
    expect(routed('/profile/x')).toBe(sectionOf('/profile'));
  });
});

describe('the section gate (the registry’s access flag)', () => {
  function signedIn(user: SessionUser, route: string) {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const services = createServices({ fetchImpl: fakeFetch({}).impl, ioFactory: jest.fn() as never });
    setRuntime(services.runtime);
    renderWithServices(<AppRoutes />, { services, route });
  }

  beforeEach(() => loadRemote.mockClear());

  it('a copywriter opening /contracts sees «Нет доступа» and the sales remote is not loaded', async () => {
    expect(canOpenSection(sectionOf('/contracts')!, access(DEMO_USERS.copywriter))).toBe(false);
    signedIn(DEMO_USERS.copywriter, '/contracts');
    expect(await screen.findByText('Нет доступа')).toBeInTheDocument();
    expect(screen.getByText('У вас нет прав на этот раздел.')).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-page')).not.toBeInTheDocument();
    // Only the sales remote is refused: the idle prefetch may load the remotes the copywriter may open.
    expect(loadRemote.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringMatching(/^remote_sales\//));
  });

  it('an agent opening /contracts/1 gets the sales remote with the section', async () => {
    signedIn(DEMO_USERS.agent, '/contracts/1');
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('remote_sales/Routes contracts');
    expect(screen.queryByText('Нет доступа')).not.toBeInTheDocument();
  });

  it('an agent opening a finance section (canSeeFinance) sees «Нет доступа» inside the layout', async () => {
    signedIn(DEMO_USERS.agent, '/finance/payouts');
    expect(await screen.findByText('Нет доступа')).toBeInTheDocument();
    // No finance page is mounted (the idle prefetch may load the remote itself: «Мое КВ» is the agent's).
    expect(screen.queryByTestId('remote-page')).not.toBeInTheDocument();
  });

  it('every demo user is refused exactly the flagged remote sections their access does not open', () => {
    const flagged = REMOTE_SECTIONS.filter((s) => s.access);
    expect(flagged.length).toBeGreaterThan(5);
    for (const key of DEMO_ACCOUNT_KEYS) {
      const user = DEMO_USERS[key];
      setRuntime({ session$: new BehaviorSubject<SessionUser | null>(user) } as unknown as Runtime);
      for (const section of flagged) {
        const { unmount } = render(
          <MemoryRouter>
            <SectionRoute section={section} />
          </MemoryRouter>,
        );
        const refused = screen.queryByTestId('no-access') !== null;
        const mounted = screen.queryByTestId('remote-loading') !== null;
        expect([key, section.path, refused, mounted]).toEqual([key, section.path, !canOpenSection(section, access(user)), canOpenSection(section, access(user))]);
        unmount();
      }
    }
  });

  it('a section without a flag opens for everyone signed in (news for a copywriter)', async () => {
    signedIn(DEMO_USERS.copywriter, '/news');
    expect(await screen.findByTestId('remote-page')).toHaveTextContent('remote_learning/Routes news');
  });

  it('the kit is the not-found page for anyone but an admin', async () => {
    signedIn(DEMO_USERS.agent, '/kit');
    expect(await screen.findByText('Страница не найдена')).toBeInTheDocument();
    expect(screen.queryByText('Нет доступа')).not.toBeInTheDocument();
  });
});
