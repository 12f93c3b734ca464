import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { brokerProductOf } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, PageFrame, errorText } from '@oyster/shared-kit/ui/screens';
import { createRequest } from '../../api/requests';

/**
 * `/app/new-request-broker/{productType}`: a new request of that product. It is made on the server at
 * once — a blank, which no list shows until something is typed — and the page becomes its own
 * (`/app/request-broker/{id}/draft`), where every change is saved as it is typed.
 */
export default function NewRequestPage() {
  const { productType = '' } = useParams();
  const navigate = useNavigate();
  const product = brokerProductOf(productType);
  const [error, setError] = React.useState<string | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const started = React.useRef<string | null>(null);

  React.useEffect(() => {
    if (!product) return;
    // One blank per visit and attempt (React may run an effect twice in development).
    const key = `${productType}:${attempt}`;
    if (started.current === key) return;
    started.current = key;
    createRequest(productType, {}).then(
      (r) => navigate(`/request-broker/${r.id}/draft`, { replace: true }),
      (e) => setError(errorText(e)),
    );
  }, [product, productType, attempt, navigate]);

  if (!product) {
    return (
      <PageFrame title="Продукт не найден" section="new-request-broker">
        <ErrorState title="Такого продукта нет в каталоге" message="Выберите продукт из списка." />
        <p>
          <Button onClick={() => navigate('/new-request-broker')}>К выбору продукта</Button>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`Новый запрос: ${product.title}`} section="new-request-broker" back={{ to: '/new-request-broker', label: 'Выбор продукта' }}>
      {error ? <ErrorState title="Не удалось создать запрос" message={error} onRetry={() => setAttempt((n) => n + 1)} /> : <LoadingBlock rows={6} />}
    </PageFrame>
  );
}
