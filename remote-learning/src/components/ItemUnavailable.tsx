import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { PageFrame } from './PageFrame';
import { EmptyState, ErrorState } from './states';

/**
 * An item page whose item could not be loaded shows the stored message (spec §8: the answer's
 * errorMessage, or the thrown error's message). Not found: the message as the heading and a way back;
 * any other failure: the message with «Повторить».
 */
export function ItemUnavailable({
  message,
  httpStatus,
  onRetry,
  back,
}: {
  message: string;
  httpStatus?: number;
  onRetry: () => void;
  back: { to: string; label: string };
}) {
  const navigate = useNavigate();
  if (httpStatus === 404) {
    return (
      <PageFrame title={message} back={back}>
        <EmptyState text="Возможно, материал удалён или снят с публикации.">
          <Button type="primary" onClick={() => navigate(back.to)}>
            {back.label}
          </Button>
        </EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame back={back}>
      <ErrorState title={message} onRetry={onRetry} />
    </PageFrame>
  );
}
