import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import type { AccessFlag } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';
import { useAccess } from './session';

export const NO_ACCESS_TITLE = 'Нет доступа';

/**
 * Renders its children only for users with the access flag (spec §6); others see «Нет доступа»
 * with `reason`, or `fallback` when given. The UI only mirrors the rule: the api refuses on its own.
 */
export function RequireAccess({
  flag,
  reason,
  fallback,
  children,
}: {
  flag: AccessFlag | undefined;
  /** Why not, in the user's words (e.g. «Редактировать материалы могут копирайтеры и администраторы.»). */
  reason?: string;
  fallback?: React.ReactNode;
  children: React.ReactNode;
}) {
  const can = useAccess();
  const navigate = useNavigate();
  if (!flag || can[flag]) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <Result
      status="403"
      title={NO_ACCESS_TITLE}
      subTitle={reason ?? 'У вас нет прав на этот раздел.'}
      extra={<Button onClick={() => navigate(-1)}>Назад</Button>}
      data-testid="no-access"
    />
  );
}
