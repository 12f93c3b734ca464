import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';

/** An unknown sub-path inside this remote's section. */
export default function NotFoundPage({ section }: { section: string }) {
  const navigate = useNavigate();
  return (
    <Result
      data-testid="remote-not-found"
      status="404"
      title="Страница не найдена"
      subTitle="Такой страницы в этом разделе нет."
      extra={
        <Button type="primary" onClick={() => navigate(`/${section}`)}>
          К разделу
        </Button>
      }
    />
  );
}
