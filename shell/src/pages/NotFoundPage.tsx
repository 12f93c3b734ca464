import * as React from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Страница не найдена"
      subTitle="Возможно, ссылка устарела или в адресе опечатка."
      extra={
        <Link to="/">
          <Button type="primary">На главную</Button>
        </Link>
      }
    />
  );
}
