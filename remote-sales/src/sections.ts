/** The sections under /app/ that this remote renders, their Russian titles and known sub-paths. */
import { INDIVIDUAL_CATALOGUE } from '@oyster/shared-kit/domain';

import type { SectionInfo } from '@oyster/shared-kit/ui/sections';

export type { SectionInfo };

/** The calculator's name from the product catalogue (e.g. «Калькулятор Е-ОСАГО»). */
function calculatorTitle(code: string): string {
  for (const group of INDIVIDUAL_CATALOGUE) {
    const product = group.products.find((p) => p.code === code);
    if (product) return `Калькулятор ${product.title}`;
  }
  return 'Калькулятор';
}

export const SECTIONS: Record<string, SectionInfo> = {
  contracts: { title: 'Полисы', paths: ['', ':contractId', ':contractId/:step'] },
  'oyster-app': { title: 'Oyster.app', paths: ['', 'clients'] },
  'soap-logs': { title: 'SOAP-логи', paths: [''] },
  edit_template: { title: 'Редактирование шаблона', paths: [':templateId'] },
  add_template: { title: 'Новый шаблон', paths: [':agentId'] },
  'new-eosago': { title: calculatorTitle('eosago'), paths: ['', ':step'] },
  'new-ekasko': { title: calculatorTitle('ekasko'), paths: ['', ':step'] },
  'new-ifl': { title: calculatorTitle('ifl'), paths: ['', ':step'] },
  'new-ifl_house': { title: calculatorTitle('ifl_house'), paths: ['', ':step'] },
  'new-vzr': { title: calculatorTitle('vzr'), paths: ['', ':step'] },
  'new-ipoteka': { title: calculatorTitle('ipoteka'), paths: ['', ':step', ':step/:subStep'] },
  'new-manual': { title: 'Ручное оформление полиса', paths: ['', ':step'] },
  manual: { title: 'Ручное оформление полиса', paths: ['contracts/:contractId/:step'] },
};
