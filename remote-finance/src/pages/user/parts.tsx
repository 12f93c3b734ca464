import * as React from 'react';
import {
  AGENT_ROLE_OPTIONS,
  ROLE_DISPLAY_PRIORITY,
  ROLE_TITLES,
  STAFF_ROLE_OPTIONS,
  USER_FLAGS,
  USER_FLAG_TITLES,
  type Role,
  type UserFlag,
  type UserKind,
} from '@oyster/shared-kit/domain';
import { HttpError } from '@oyster/shared-kit/runtime';
import { Checkbox } from '@oyster/shared-kit/ui/form';

/** The role options of §6 for a kind of user (agents: agent, network owner, sub-agent, broker; staff: five), in display priority. */
export function roleOptions(kind: UserKind): Role[] {
  const options = (kind === 'agent' ? AGENT_ROLE_OPTIONS : STAFF_ROLE_OPTIONS) as readonly Role[];
  return ROLE_DISPLAY_PRIORITY.filter((r) => options.includes(r));
}

/** The roles a user has, as checkboxes of their kind's options (§6). */
export function RoleChecks({ kind, value, onChange, error }: { kind: UserKind; value: Role[]; onChange(roles: Role[]): void; error?: string | null }) {
  const options = roleOptions(kind);
  return (
    <fieldset className="oy-user-fieldset" aria-describedby={error ? 'roles-error' : undefined} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 14, marginBottom: 6 }}>Роли</legend>
      <div className="oy-user-checks">
        {options.map((r) => (
          <Checkbox
            key={r}
            checked={value.includes(r)}
            onChange={(e) => onChange(e.target.checked ? options.filter((o) => o === r || value.includes(o)) : value.filter((o) => o !== r))}
          >
            {ROLE_TITLES[r]}
          </Checkbox>
        ))}
      </div>
      {error ? (
        <div id="roles-error" role="alert" className="oy-manage__error" style={{ marginTop: 4 }}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The four flags of §3 as checkboxes. */
export function FlagChecks({ value, onChange }: { value: Record<UserFlag, boolean>; onChange(flag: UserFlag, on: boolean): void }) {
  return (
    <div role="group" aria-label="Права">
      <div style={{ fontSize: 14, marginBottom: 6 }}>Права</div>
      <div className="oy-user-checks">
        {USER_FLAGS.map((f) => (
          <Checkbox key={f} checked={value[f]} onChange={(e) => onChange(f, e.target.checked)}>
            {USER_FLAG_TITLES[f]}
          </Checkbox>
        ))}
      </div>
    </div>
  );
}

/** A refusal's message and the field it names (a 400's `field`, a 403 about roles or the password). */
export function refusalOf(e: unknown): { message: string; field: string | null } {
  const body = (e instanceof HttpError && e.body && typeof e.body === 'object' ? e.body : {}) as { message?: unknown; field?: unknown };
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : e instanceof Error && e.message ? e.message : 'Не удалось сохранить';
  return { message, field: e instanceof HttpError && typeof body.field === 'string' ? body.field : null };
}
