import * as React from 'react';
import { useParams } from 'react-router-dom';
import { Result } from '@oyster/shared-kit/ui';
import { SectionTitle } from '@oyster/shared-kit/ui';
import type { SectionInfo } from '../sections';

/**
 * The honest placeholder of a section until its domain screens land: the section's title and a plain
 * statement that its screens are being prepared. No fake data.
 */
export default function SectionPage({ section, info }: { section: string; info: SectionInfo }) {
  const params = useParams();
  const hasParams = Object.keys(params).some((k) => k !== '*' && params[k]);
  return (
    <div data-testid="section-page" data-section={section}>
      <SectionTitle level={1}>{info.title}</SectionTitle>
      <Result
        status="info"
        title="Раздел готовится"
        subTitle={
          hasParams
            ? 'Экраны этого раздела ещё готовятся. Здесь появится выбранная запись.'
            : 'Экраны этого раздела ещё готовятся и скоро появятся здесь.'
        }
      />
    </div>
  );
}
