import type { Queryable } from '../platform/db.js';
import { fio } from '../platform/auth/users.js';

type NameRow = { id: string; first_name: string; second_name: string; middle_name: string; email: string };

const short = (r: NameRow) => [r.second_name, r.first_name && `${r.first_name[0]}.`, r.middle_name && `${r.middle_name[0]}.`].filter(Boolean).join(' ');

/** What every screen may need once after sign-in: insurers (the partners of kind insurer), products, broker networks, managers, curators. */
export async function loadInitState(q: Queryable) {
  const companies = await q.query<{ id: string; id_unicus: string; short_name: string }>(
    "SELECT id, id_unicus, short_name FROM companies WHERE kind = 'insurer' ORDER BY short_name",
  );
  const products = await q.query<{ id: string; name: string; visible_name: string; description: string }>(
    'SELECT id, name, visible_name, description FROM products ORDER BY sort, id',
  );
  const networks = await q.query<{ id: string; name: string }>('SELECT id, name FROM broker_networks ORDER BY name');
  const staff = (role: string) =>
    q.query<NameRow>(
      `SELECT id, first_name, second_name, middle_name, email FROM users
        WHERE $1 = ANY(roles) AND NOT is_blocked ORDER BY second_name, first_name`,
      [role],
    );
  const mages = await staff('agent_manager');
  const curators = await staff('agent_supervisor');
  return {
    companies: companies.map((c) => ({ _id: c.id, idUnicus: c.id_unicus, shortName: c.short_name })),
    products: products.map((p) => ({ id: p.id, name: p.name, visibleName: p.visible_name, description: p.description })),
    networkList: networks.map((n) => ({ _id: n.id, name: n.name })),
    mages: mages.map((m) => ({ _id: m.id, fio: fio(m) })),
    curators: curators.map((c) => ({ _id: c.id, fio: fio(c), fullNameShort: short(c), email: c.email })),
  };
}
