import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEMO_USERS, type KaskoCalculateRequest } from '@oyster/shared-kit/domain';
import { fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const CONTRACT_ID = 'cd'.repeat(12);
const COMPANY_ID = 'ee'.repeat(12);
const CALC: KaskoCalculateRequest = {
  vehicle: { make: 'Kia', model: 'Rio', year: 2024, plate: 'А123ВС777', highTheft: false },
  sumInsured: 1_800_000_00,
  drivers: [{ birthDate: '1985-09-30', experienceSince: '2005-01-01' }],
  deductible: 'none',
  antiTheft: 'standard',
  instalments: 2,
  region: 'capitals',
  startDate: '2026-12-01',
};
// What the details page reads of the contract: a chosen offer waiting for its details (status 106).
const CONTRACT = { id: CONTRACT_ID, status: 106, companyId: COMPANY_ID, companyName: 'Ингосстрах', premium: 45_000_00, calculation: CALC, details: {}, files: [] };
const PATCH = `PATCH /api/v2/products/ekasko/contracts/${CONTRACT_ID}/details`;

jest.setTimeout(60_000);

describe('Оформление Е-КАСКО: the details saved as typed', () => {
  it('one save at a time, in order: fields left while a save is in flight go in one later save with all of them, none dropped', async () => {
    const sent: Record<string, any>[] = [];
    const release: (() => void)[] = [];
    const http = fakeHttp({
      [`GET /api/v2/contracts/${CONTRACT_ID}`]: { data: CONTRACT },
      [`GET /api/v2/file-list-company/${COMPANY_ID}`]: { data: { fileTypes: [] } },
      // Each PATCH is held until the test lets it answer: a slow server.
      [PATCH]: (body: unknown) =>
        new Promise((resolve) => {
          const details = (body as { details: Record<string, any> }).details;
          sent.push(details);
          release.push(() => resolve({ data: { ...CONTRACT, details } }));
        }),
    });
    await renderSection(RemoteRoutes, `/new-ekasko/${CONTRACT_ID}`, { http, user: DEMO_USERS.agent });
    const leave = (id: string, value: string) => {
      const input = document.getElementById(id) as HTMLInputElement;
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    };
    await waitFor(() => expect(document.getElementById('kd-insurant-lastName')).not.toBeNull());

    leave('kd-insurant-lastName', 'Петров');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByText(/Сохраняем…/)).toBeInTheDocument();
    // While the first save is in flight, two more fields are left: nothing else is sent yet.
    leave('kd-insurant-firstName', 'Пётр');
    leave('kd-contacts-email', 'petrov@example.ru');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(1);

    release[0]();
    // Then one save with everything typed (the one between was overtaken and is not sent).
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ insurant: { lastName: 'Петров', firstName: 'Пётр' }, contacts: { email: 'petrov@example.ru' } });
    release[1]();
    await waitFor(() => expect(screen.getByText(/Сохранено/)).toBeInTheDocument());
    expect(sent).toHaveLength(2);
  });
});
