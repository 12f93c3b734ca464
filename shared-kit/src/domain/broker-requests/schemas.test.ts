import { BROKER_PRODUCTS } from './products';
import { BROKER_REQUEST_SCHEMAS, brokerFormProblems, brokerRequestSchemaOf, schemaFields, type BrokerFormValues } from './schemas';

const FIELD_TYPES = ['string', 'addressDadata', 'firstNameDadata', 'secondNameDadata', 'middleNameDadata', 'date', 'time', 'phone', 'textarea', 'select'];
const ITEM_TYPES = ['Number', 'String', 'List', 'Boolean', 'date'];

describe('every broker product has its form (issue 12)', () => {
  test.each(BROKER_PRODUCTS.map((p) => [p.type, p.title]))('%s (%s): blocks with product fields, the spec’s types, options where one chooses', (type) => {
    const schema = brokerRequestSchemaOf(type)!;
    expect(schema).toBeDefined();
    const fields = schemaFields(schema);
    const keys = fields.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const field of fields) {
      if (field.kind === 'field') expect(FIELD_TYPES).toContain(field.type);
      else if (field.kind === 'item') expect(ITEM_TYPES).toContain(field.type);
      else for (const item of field.item) expect(ITEM_TYPES).toContain(item.type);
      const choices = field.kind === 'rows' ? field.item : [field];
      for (const c of choices) if (c.type === 'select' || c.type === 'List') expect((c.options ?? []).length).toBeGreaterThan(1);
    }
    // Not a blank text box: besides who the client is and when, the product asks for its own facts.
    const common = /^(client|contact|company|orderOption|startDate|periodMonths|comment)/;
    const own = fields
      .filter((f) => !common.test(f.key) && f.required !== false)
      .reduce((n, f) => n + (f.kind === 'rows' ? f.item.filter((i) => i.required !== false).length : 1), 0);
    expect(own).toBeGreaterThanOrEqual(type === 'other' ? 1 : 2);
  });

  test('legal entities name the company and choose the order option of §9 (ЧГ, ЧГЭ, ЧБ, ИП)', () => {
    for (const p of BROKER_PRODUCTS.filter((x) => x.audience === 'YL')) {
      const order = schemaFields(BROKER_REQUEST_SCHEMAS[p.type]).find((f) => f.key === 'orderOption');
      expect({ type: p.type, options: order && order.kind === 'field' ? order.options : null }).toEqual({ type: p.type, options: ['ЧГ', 'ЧГЭ', 'ЧБ', 'ИП'] });
    }
  });
});

describe('a request against its form', () => {
  const schema = brokerRequestSchemaOf('eosago_a_yl')!;
  const filled: BrokerFormValues = {
    companyName: 'ООО «Ромашка»',
    companyInn: '7701234567',
    companyActivity: 'Грузоперевозки',
    companyAddress: 'г Москва, ул Тверская, д 1',
    orderOption: 'ЧГ',
    contactLastName: 'Петров',
    contactFirstName: 'Сергей',
    contactPhone: '+7 (916) 123-45-67',
    fleet: [{ make: 'ГАЗ', model: 'Газель Next', year: '2021', category: 'B', powerHp: '150' }],
    startDate: '2026-12-01',
    periodMonths: '12 мес.',
  };

  test('complete: nothing to say; a draft may be empty', () => {
    expect(brokerFormProblems(schema, filled, { complete: true })).toEqual([]);
    expect(brokerFormProblems(schema, {}, { complete: false })).toEqual([]);
  });

  test('to send, every required field, and at least one row of a list', () => {
    const problems = brokerFormProblems(schema, { ...filled, companyInn: ' ', fleet: [] }, { complete: true });
    expect(problems).toEqual([
      { field: 'values.companyInn', message: 'Заполните поле «ИНН»' },
      { field: 'values.fleet', message: 'Добавьте: транспортное средство' },
    ]);
  });

  test('a filled value of the wrong form is named, in a draft too; an unknown key is refused', () => {
    const problems = brokerFormProblems(
      schema,
      { contactPhone: '89161234567', orderOption: 'ЧП', startDate: '01.12.2026', fleet: [{ make: 'ГАЗ', year: 'две тысячи', category: 'Z', wheels: '4' }], hack: 'x' },
      { complete: false },
    );
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['values.hack', 'Поле «hack» не относится к этой заявке'],
      ['values.orderOption', '«Вариант заказа» — одно из предложенных значений'],
      ['values.contactPhone', '«Телефон контактного лица» — телефон в формате +7 (900) 000-00-00'],
      ['values.fleet[0].wheels', 'Транспортное средство 1: поле «wheels» не относится к этой заявке'],
      ['values.fleet[0].year', 'Транспортное средство 1: «Год выпуска» — число'],
      ['values.fleet[0].category', 'Транспортное средство 1: «Категория» — одно из предложенных значений'],
      ['values.startDate', '«Желаемая дата начала» — дата в формате ДД.ММ.ГГГГ'],
    ]);
  });

  test('Yes/No travel as «1» and «0»', () => {
    const kasko = brokerRequestSchemaOf('ekasko_a_yl')!;
    expect(brokerFormProblems(kasko, { leasing: '1' }, { complete: false })).toEqual([]);
    expect(brokerFormProblems(kasko, { leasing: 'да' }, { complete: false })).toEqual([{ field: 'values.leasing', message: '«Техника в лизинге» — Да или Нет' }]);
  });
});
