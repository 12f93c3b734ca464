import * as React from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { BROKER_PRODUCTS, DEMO_USERS, brokerFormProblems, brokerRequestSchemaOf, schemaFields, type BrokerFormValues } from '@oyster/shared-kit/domain';
import { fakeHttp, renderWidget } from '@oyster/shared-kit/testing';
import { BrokerForm, fieldId, itemId } from './BrokerForm';

/** What a rendered control is, told from the DOM: the kit draws each §3 type its own way. */
function kindOf(el: HTMLElement): string {
  const select = el.closest('.ant-select');
  if (select?.className.includes('auto-complete')) return 'suggest';
  if (select) return 'choice';
  if (el.tagName === 'TEXTAREA') return 'textarea';
  if (el.getAttribute('placeholder') === 'дд.мм.гггг') return 'date';
  if ((el.getAttribute('placeholder') ?? '').startsWith('+7')) return 'phone';
  if (el.getAttribute('inputmode') === 'decimal' || el.getAttribute('inputmode') === 'numeric') return 'number';
  return 'text';
}
const EXPECTED: Record<string, string> = {
  string: 'text',
  addressDadata: 'suggest',
  firstNameDadata: 'suggest',
  secondNameDadata: 'suggest',
  middleNameDadata: 'suggest',
  date: 'date',
  time: 'text',
  phone: 'phone',
  textarea: 'textarea',
  select: 'choice',
  List: 'choice',
  Boolean: 'choice',
  Number: 'number',
  String: 'text',
};

function Harness({ productType, initial = {} }: { productType: string; initial?: BrokerFormValues }) {
  const [values, setValues] = React.useState<BrokerFormValues>(initial);
  const schema = brokerRequestSchemaOf(productType)!;
  return <BrokerForm schema={schema} values={values} onChange={setValues} problems={brokerFormProblems(schema, values, { complete: true })} checked />;
}

describe('every product’s request form renders (issue 12)', () => {
  test.each(BROKER_PRODUCTS.map((p) => [p.type, p.title]))('%s (%s): its blocks, each field with its label, its asterisk when required and the control of its type', (type) => {
    const schema = brokerRequestSchemaOf(type)!;
    // One row in each list, so its items are drawn too.
    const initial = Object.fromEntries(schemaFields(schema).filter((f) => f.kind === 'rows').map((f) => [f.key, [{}]]));
    renderWidget(<Harness productType={type} initial={initial} />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    for (const block of schema.blocks) expect(screen.getByRole('button', { name: block.title })).toBeInTheDocument();
    for (const field of schemaFields(schema)) {
      const controls = field.kind === 'rows' ? field.item.map((i) => ({ id: itemId(field.key, 0, i.key), f: i })) : [{ id: fieldId(field.key), f: field }];
      for (const { id, f } of controls) {
        const el = document.getElementById(id) as HTMLElement;
        expect({ type, key: f.key, found: !!el }).toEqual({ type, key: f.key, found: true });
        expect({ type, key: f.key, kind: kindOf(el) }).toEqual({ type, key: f.key, kind: EXPECTED[f.type] });
        const label = document.querySelector(`label[for="${id}"]`)!;
        expect(label.textContent).toContain(f.label);
        // The kit's asterisk (§5) marks exactly the required ones.
        expect({ type, key: f.key, required: !!label.querySelector('.oy-field__required, [aria-hidden="true"]') || /\*/.test(label.textContent ?? '') }).toEqual({ type, key: f.key, required: f.required !== false });
      }
    }
  });
});

describe('the form as a person uses it', () => {
  test('a list row is added and removed; a Yes/No offers «Да» and «Нет»; the blocks say whether their fields are right', () => {
    renderWidget(<Harness productType="eosago_a_yl" />, { http: fakeHttp({}), user: DEMO_USERS.agent });
    expect(screen.getByText('Добавьте: транспортное средство')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить: транспортное средство' }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить: транспортное средство' }));
    expect(within(screen.getByRole('group', { name: 'Транспортные средства' })).getAllByRole('group')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Убрать: транспортное средство 2' }));
    expect(within(screen.getByRole('group', { name: 'Транспортные средства' })).getAllByRole('group')).toHaveLength(1);
    expect(screen.getAllByText('Неправильно заполнено одно или несколько полей выше. Пожалуйста проверьте.').length).toBeGreaterThan(0);
    expect(screen.getByText('Все поля заполнены верно')).toBeInTheDocument(); // «Пожелания»: nothing required
  });
});
