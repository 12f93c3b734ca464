import * as React from 'react';
import { displayRole, OPF_SHORT, OPF_TITLES, ROLE_TITLES } from '@oyster/shared-kit/domain/platform';
import { Descriptions, SectionTitle, Tag } from '@oyster/shared-kit/ui';
import { useSession } from '../services';

/** The signed-in user's profile, from the session. */
export default function ProfilePage() {
  const user = useSession();
  if (!user) return null;
  const role = displayRole(user);
  const opf = user.billing?.opf;
  return (
    <section style={{ background: '#fff', border: '1px solid #e3e8ee', borderRadius: 12, padding: '18px 20px' }}>
      <SectionTitle level={2}>{user.fio || user.fullNameShort}</SectionTitle>
      <Descriptions
        column={1}
        bordered
        size="middle"
        items={[
          { key: 'fio', label: 'ФИО', children: user.fio || '—' },
          { key: 'email', label: 'Email', children: user.email || '—' },
          {
            key: 'roles',
            label: 'Роли',
            children: (
              <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 6 }}>
                {user.roles.map((r) => (
                  <Tag key={r} color={r === role ? 'blue' : undefined}>
                    {ROLE_TITLES[r] ?? r}
                  </Tag>
                ))}
              </span>
            ),
          },
          { key: 'opf', label: 'Правовая форма', children: opf ? `${OPF_TITLES[opf]} (${OPF_SHORT[opf]})` : '—' },
        ]}
      />
    </section>
  );
}
