/**
 * What a broker request asks for each product (issue 12): the fields an underwriter needs to price it,
 * as data — the request page renders them with the form kit, the api checks a request against them
 * before it may be sent. The field types are spec §3's: form fields string, addressDadata,
 * firstNameDadata, secondNameDadata, middleNameDadata, date, time, phone, textarea, select; the rows of
 * a list (a fleet, a staff, the travellers) are dynamic items of types Number, String, List, Boolean
 * and date. Values travel as text: a Yes/No is '1' or '0' (§5), a date YYYY-MM-DD, a number its digits.
 *
 * The lists are ours, from what insurers' questionnaires for these products ask; no tariff value or
 * default sum is set here — the executor and the insurers price what the agent sends.
 */
import { BROKER_PRODUCTS } from './products';

export type BrokerFieldType =
  | 'string'
  | 'addressDadata'
  | 'firstNameDadata'
  | 'secondNameDadata'
  | 'middleNameDadata'
  | 'date'
  | 'time'
  | 'phone'
  | 'textarea'
  | 'select';
/** The types of a dynamic item (a list row's field, or a single Yes/No or number). */
export type BrokerItemType = 'Number' | 'String' | 'List' | 'Boolean' | 'date';

interface FieldBase {
  key: string;
  label: string;
  required?: boolean;
  hint?: string;
}
export interface BrokerFormField extends FieldBase {
  kind: 'field';
  type: BrokerFieldType;
  /** select: the options, shown as they are. */
  options?: readonly string[];
}
export interface BrokerItemField extends FieldBase {
  kind: 'item';
  type: BrokerItemType;
  /** List: the options. */
  options?: readonly string[];
  /** Number: its unit as the label shows it («га», «₽», «л. с.»). */
  unit?: string;
}
/** A repeated group of dynamic items: one row per vehicle, employee, traveller… */
export interface BrokerRowsField extends FieldBase {
  kind: 'rows';
  /** What one row is called: «Транспортное средство» → «Транспортное средство 2». */
  rowTitle: string;
  item: readonly BrokerItemField[];
  minRows: number;
  maxRows: number;
}
export type BrokerField = BrokerFormField | BrokerItemField | BrokerRowsField;

export interface BrokerFormBlock {
  title: string;
  fields: readonly BrokerField[];
}

export interface BrokerRequestSchema {
  productType: string;
  blocks: readonly BrokerFormBlock[];
}

/** §9: the order options of a legal entity's request. */
export const LEGAL_ENTITY_ORDER_OPTIONS = ['ЧГ', 'ЧГЭ', 'ЧБ', 'ИП'] as const;

export type BrokerRowValue = Record<string, string>;
export type BrokerFormValue = string | BrokerRowValue[];
export type BrokerFormValues = Record<string, BrokerFormValue>;

// ───────────── builders ─────────────
const f = (key: string, label: string, type: BrokerFieldType, more: Partial<BrokerFormField> = {}): BrokerFormField => ({ kind: 'field', key, label, type, required: true, ...more });
const opt = (key: string, label: string, type: BrokerFieldType, more: Partial<BrokerFormField> = {}) => f(key, label, type, { required: false, ...more });
const sel = (key: string, label: string, options: readonly string[], more: Partial<BrokerFormField> = {}) => f(key, label, 'select', { options, ...more });
const num = (key: string, label: string, unit?: string, more: Partial<BrokerItemField> = {}): BrokerItemField => ({ kind: 'item', key, label, type: 'Number', unit, required: true, ...more });
const yes = (key: string, label: string): BrokerItemField => ({ kind: 'item', key, label, type: 'Boolean', required: true });
const txt = (key: string, label: string, more: Partial<BrokerItemField> = {}): BrokerItemField => ({ kind: 'item', key, label, type: 'String', required: true, ...more });
const day = (key: string, label: string, more: Partial<BrokerItemField> = {}): BrokerItemField => ({ kind: 'item', key, label, type: 'date', required: true, ...more });
const list = (key: string, label: string, options: readonly string[], more: Partial<BrokerItemField> = {}): BrokerItemField => ({ kind: 'item', key, label, type: 'List', options, required: true, ...more });
const rows = (key: string, label: string, rowTitle: string, item: BrokerItemField[], minRows = 1, maxRows = 50): BrokerRowsField => ({ kind: 'rows', key, label, rowTitle, item, minRows, maxRows, required: true });

// ───────────── common blocks ─────────────
const person = (prefix: string, title: string): BrokerFormBlock => ({
  title,
  fields: [
    f(`${prefix}LastName`, 'Фамилия', 'secondNameDadata'),
    f(`${prefix}FirstName`, 'Имя', 'firstNameDadata'),
    opt(`${prefix}MiddleName`, 'Отчество', 'middleNameDadata'),
    f(`${prefix}BirthDate`, 'Дата рождения', 'date'),
    f(`${prefix}Phone`, 'Телефон', 'phone'),
    f(`${prefix}Address`, 'Адрес регистрации', 'addressDadata'),
  ],
});
const client = person('client', 'Клиент');
const company: BrokerFormBlock = {
  title: 'Организация',
  fields: [
    f('companyName', 'Наименование организации', 'string'),
    f('companyInn', 'ИНН', 'string', { hint: '10 цифр для организации, 12 — для ИП' }),
    f('companyActivity', 'Вид деятельности (ОКВЭД или словами)', 'string'),
    f('companyAddress', 'Юридический адрес', 'addressDadata'),
    sel('orderOption', 'Вариант заказа', LEGAL_ENTITY_ORDER_OPTIONS),
    f('contactLastName', 'Фамилия контактного лица', 'secondNameDadata'),
    f('contactFirstName', 'Имя контактного лица', 'firstNameDadata'),
    f('contactPhone', 'Телефон контактного лица', 'phone'),
  ],
};
const term = (title = 'Срок страхования'): BrokerFormBlock => ({
  title,
  fields: [f('startDate', 'Желаемая дата начала', 'date'), sel('periodMonths', 'Срок', ['3 мес.', '6 мес.', '12 мес.'])],
});
const wishes: BrokerFormBlock = { title: 'Пожелания', fields: [opt('comment', 'Что ещё важно знать исполнителю', 'textarea')] };

const VEHICLE_CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'Трактор или спецтехника'] as const;
const vehicleRow = (withPrice: boolean): BrokerItemField[] => [
  txt('make', 'Марка'),
  txt('model', 'Модель'),
  num('year', 'Год выпуска'),
  list('category', 'Категория', VEHICLE_CATEGORIES),
  num('powerHp', 'Мощность', 'л. с.'),
  txt('plate', 'Госномер', { required: false }),
  txt('vin', 'VIN', { required: false }),
  ...(withPrice ? [num('price', 'Стоимость', '₽')] : []),
];
const vehicleFields = (withPrice: boolean): BrokerField[] => [
  f('vehicleMake', 'Марка', 'string'),
  f('vehicleModel', 'Модель', 'string'),
  num('vehicleYear', 'Год выпуска'),
  num('vehiclePowerHp', 'Мощность', 'л. с.'),
  opt('vehiclePlate', 'Госномер', 'string'),
  opt('vehicleVin', 'VIN', 'string'),
  ...(withPrice ? [num('vehiclePrice', 'Стоимость', '₽')] : []),
];
const driversRows = rows('drivers', 'Водители', 'Водитель', [txt('fio', 'ФИО'), day('birthDate', 'Дата рождения'), day('experienceSince', 'Стаж с'), txt('licence', 'Серия и номер ВУ')], 1, 10);
const peopleRows = (label: string, rowTitle: string) => rows('insured', label, rowTitle, [txt('fio', 'ФИО'), day('birthDate', 'Дата рождения')], 1, 100);

// ───────────── the products ─────────────
const SCHEMAS: Record<string, BrokerFormBlock[]> = {
  eosago: [
    { title: 'Транспортное средство', fields: [...vehicleFields(false), sel('vehicleCategory', 'Категория', VEHICLE_CATEGORIES)] },
    client,
    { title: 'Водители', fields: [yes('unrestricted', 'Без ограничения списка водителей'), { ...driversRows, required: false, minRows: 0 }] },
    term(),
    wishes,
  ],
  ekasko: [
    { title: 'Автомобиль', fields: [...vehicleFields(true), sel('antiTheft', 'Противоугонная система', ['Нет', 'Штатная сигнализация', 'Спутниковая', 'Механическая блокировка']), yes('credit', 'Автомобиль в кредите')] },
    client,
    { title: 'Водители', fields: [yes('unrestricted', 'Без ограничения списка водителей'), { ...driversRows, required: false, minRows: 0 }] },
    { title: 'Условия', fields: [sel('coverage', 'Риски', ['Ущерб и хищение', 'Только хищение и полная гибель']), opt('deductible', 'Желаемая франшиза, ₽', 'string')] },
    term(),
    wishes,
  ],
  dsago: [
    { title: 'Транспортное средство', fields: vehicleFields(false) },
    client,
    { title: 'Условия', fields: [num('limit', 'Желаемый лимит ответственности', '₽'), yes('hasOsago', 'Есть действующий полис ОСАГО')] },
    term(),
    wishes,
  ],
  ipoteka: [
    { title: 'Кредит', fields: [f('bank', 'Банк-кредитор', 'string'), num('loanBalance', 'Остаток долга', '₽'), day('loanDate', 'Дата кредитного договора')] },
    { title: 'Объект', fields: [sel('propertyType', 'Объект залога', ['Квартира', 'Дом', 'Земельный участок', 'Апартаменты']), f('propertyAddress', 'Адрес объекта', 'addressDadata'), num('propertyYear', 'Год постройки')] },
    { ...client, title: 'Заёмщик' },
    { title: 'Риски', fields: [yes('riskLife', 'Жизнь и здоровье заёмщика'), yes('riskProperty', 'Имущество'), yes('riskTitle', 'Титул (право собственности)')] },
    wishes,
  ],
  ifl: [
    { title: 'Квартира', fields: [f('propertyAddress', 'Адрес квартиры', 'addressDadata'), num('area', 'Площадь', 'м²'), num('buildYear', 'Год постройки дома'), yes('woodenFloors', 'Деревянные перекрытия')] },
    { title: 'Что страхуем', fields: [num('sumFinish', 'Отделка и инженерное оборудование', '₽'), num('sumMovables', 'Движимое имущество', '₽', { required: false }), num('sumLiability', 'Ответственность перед соседями', '₽', { required: false })] },
    client,
    term(),
    wishes,
  ],
  ifl_house: [
    { title: 'Дом', fields: [f('propertyAddress', 'Адрес дома', 'addressDadata'), sel('wallMaterial', 'Материал стен', ['Кирпич', 'Камень или блоки', 'Дерево', 'Каркас']), num('area', 'Площадь', 'м²'), num('buildYear', 'Год постройки'), yes('gas', 'Газ в доме'), yes('permanentLiving', 'Постоянное проживание')] },
    { title: 'Что страхуем', fields: [num('sumBuilding', 'Конструктив', '₽'), num('sumFinish', 'Отделка', '₽', { required: false }), num('sumMovables', 'Движимое имущество', '₽', { required: false })] },
    client,
    term(),
    wishes,
  ],
  dms: [
    { title: 'Программа', fields: [yes('outpatient', 'Поликлиника'), yes('inpatient', 'Стационар'), yes('dentistry', 'Стоматология'), yes('emergency', 'Скорая помощь'), f('clinicRegion', 'Город обслуживания', 'string')] },
    { title: 'Застрахованные', fields: [peopleRows('Кого страхуем', 'Застрахованный')] },
    client,
    term(),
    wishes,
  ],
  lpu: [
    { title: 'Медицинское учреждение', fields: [f('clinicName', 'Наименование', 'string'), f('clinicInn', 'ИНН', 'string'), f('clinicAddress', 'Адрес', 'addressDadata'), f('licence', 'Номер медицинской лицензии', 'string'), num('doctors', 'Врачей в штате')] },
    { title: 'Услуги', fields: [f('services', 'Какие услуги оказывает клиника', 'textarea')] },
    client,
    wishes,
  ],
  critical: [
    person('insured', 'Застрахованный'),
    { title: 'Условия', fields: [sel('gender', 'Пол', ['Мужской', 'Женский']), num('sum', 'Желаемая страховая сумма', '₽'), yes('treatmentAbroad', 'Лечение за рубежом')] },
    term(),
    wishes,
  ],
  ns: [
    { title: 'Застрахованные', fields: [rows('insured', 'Кого страхуем', 'Застрахованный', [txt('fio', 'ФИО'), day('birthDate', 'Дата рождения'), txt('occupation', 'Род занятий')], 1, 100)] },
    { title: 'Условия', fields: [num('sum', 'Страховая сумма на человека', '₽'), yes('sport', 'Занятия спортом'), yes('roundTheClock', 'Круглосуточно, а не только на работе')] },
    client,
    term(),
    wishes,
  ],
  nsg: [
    person('insured', 'Застрахованный'),
    { title: 'Программа', fields: [num('termYears', 'Срок программы', 'лет'), num('contribution', 'Взнос', '₽'), sel('frequency', 'Периодичность взносов', ['Ежемесячно', 'Ежеквартально', 'Ежегодно', 'Единовременно'])] },
    wishes,
  ],
  isg: [
    person('insured', 'Застрахованный'),
    { title: 'Программа', fields: [num('termYears', 'Срок программы', 'лет'), num('contribution', 'Взнос', '₽'), opt('strategy', 'Интересующая стратегия или базовый актив', 'textarea')] },
    wishes,
  ],
  vzr: [
    { title: 'Поездка', fields: [f('countries', 'Страны', 'string'), f('tripStart', 'Начало поездки', 'date'), f('tripEnd', 'Окончание поездки', 'date'), yes('multiTrip', 'Годовой полис на много поездок'), yes('sport', 'Активный отдых или спорт')] },
    { title: 'Путешественники', fields: [peopleRows('Кто едет', 'Путешественник')] },
    client,
    { title: 'Условия', fields: [num('sum', 'Желаемая страховая сумма', '€'), yes('cancellation', 'Отмена поездки')] },
    wishes,
  ],
  go_fl: [
    { title: 'Ответственность', fields: [sel('liability', 'За что отвечает клиент', ['Квартира перед соседями', 'Загородный дом', 'Домашнее животное', 'Спорт и хобби', 'Другое']), num('limit', 'Желаемый лимит', '₽'), opt('objectAddress', 'Адрес объекта', 'addressDadata')] },
    client,
    term(),
    wishes,
  ],
  other: [
    { title: 'Что страхуем', fields: [f('subject', 'Объект и риски — своими словами', 'textarea'), opt('sum', 'Страховая сумма или лимит, ₽', 'string')] },
    client,
    term(),
    wishes,
  ],

  // Legal entities (§9)
  osgop_yl: [
    company,
    { title: 'Перевозки', fields: [sel('transportKind', 'Вид перевозок', ['Автобус', 'Такси', 'Троллейбус и трамвай', 'Водный транспорт', 'Железная дорога']), num('vehicles', 'Транспортных средств'), num('seats', 'Пассажирских мест всего'), num('passengersPerYear', 'Пассажиров в год', undefined, { required: false }), yes('hadClaims', 'Были страховые случаи за 3 года')] },
    term(),
    wishes,
  ],
  eosago_a_yl: [company, { title: 'Автопарк', fields: [rows('fleet', 'Транспортные средства', 'Транспортное средство', vehicleRow(false), 1, 500)] }, term(), wishes],
  ekasko_a_yl: [company, { title: 'Автопарк', fields: [rows('fleet', 'Транспортные средства', 'Транспортное средство', vehicleRow(true), 1, 500), yes('leasing', 'Техника в лизинге')] }, term(), wishes],
  spectechnika_a_yl: [
    company,
    { title: 'Спецтехника', fields: [rows('machines', 'Единицы техники', 'Единица техники', [txt('kind', 'Вид (экскаватор, кран, погрузчик…)'), txt('make', 'Марка и модель'), num('year', 'Год выпуска'), num('price', 'Стоимость', '₽')], 1, 200), f('workArea', 'Где работает техника', 'string')] },
    term(),
    wishes,
  ],
  yroghay_yl: [
    company,
    { title: 'Урожай', fields: [rows('crops', 'Культуры', 'Культура', [txt('crop', 'Культура'), num('area', 'Площадь посевов', 'га'), num('yield', 'Плановая урожайность', 'ц/га'), day('sowingDate', 'Дата сева')], 1, 30), f('fieldsAddress', 'Где поля (район, сельсовет)', 'addressDadata'), yes('stateSupport', 'С государственной поддержкой')] },
    wishes,
  ],
  sh_animal_yl: [
    company,
    { title: 'Животные', fields: [rows('herd', 'Поголовье', 'Группа животных', [list('species', 'Вид', ['Крупный рогатый скот', 'Свиньи', 'Овцы и козы', 'Птица', 'Лошади', 'Рыба']), num('heads', 'Голов'), num('value', 'Стоимость всего', '₽')], 1, 30), f('farmAddress', 'Адрес хозяйства', 'addressDadata'), yes('stateSupport', 'С государственной поддержкой')] },
    term(),
    wishes,
  ],
  sh_technika_yl: [
    company,
    { title: 'Сельхозтехника', fields: [rows('machines', 'Единицы техники', 'Единица техники', [txt('kind', 'Вид (трактор, комбайн…)'), txt('make', 'Марка и модель'), num('year', 'Год выпуска'), num('price', 'Стоимость', '₽')], 1, 200)] },
    term(),
    wishes,
  ],
  ekasko_avia_yl: [
    company,
    { title: 'Воздушное судно', fields: [f('aircraftType', 'Тип и модель', 'string'), f('aircraftReg', 'Регистрационный знак', 'string'), num('aircraftYear', 'Год выпуска'), num('aircraftValue', 'Стоимость', '₽'), f('baseAirport', 'Аэродром базирования', 'string'), sel('usage', 'Использование', ['Коммерческие перевозки', 'Авиационные работы', 'Частные полёты', 'Обучение'])] },
    term(),
    wishes,
  ],
  go_avia_yl: [
    company,
    { title: 'Воздушное судно', fields: [f('aircraftType', 'Тип и модель', 'string'), f('aircraftReg', 'Регистрационный знак', 'string'), num('seats', 'Пассажирских мест'), num('mtow', 'Максимальная взлётная масса', 'кг'), num('limit', 'Желаемый лимит ответственности', '₽')] },
    term(),
    wishes,
  ],
  ekasko_mor_yl: [
    company,
    { title: 'Судно', fields: [f('vesselName', 'Название судна', 'string'), f('imo', 'Номер IMO или бортовой номер', 'string'), sel('vesselType', 'Тип', ['Сухогруз', 'Танкер', 'Пассажирское', 'Рыболовное', 'Буксир', 'Маломерное или яхта']), num('vesselYear', 'Год постройки'), f('flag', 'Флаг', 'string'), num('tonnage', 'Валовая вместимость', 'рег. т'), num('vesselValue', 'Стоимость', '₽'), f('navigationArea', 'Район плавания', 'string')] },
    term(),
    wishes,
  ],
  go_mor_yl: [
    company,
    { title: 'Судно', fields: [f('vesselName', 'Название судна', 'string'), f('imo', 'Номер IMO или бортовой номер', 'string'), num('tonnage', 'Валовая вместимость', 'рег. т'), num('crew', 'Экипаж', 'чел.'), f('navigationArea', 'Район плавания', 'string'), num('limit', 'Желаемый лимит ответственности', '₽')] },
    term(),
    wishes,
  ],
  iyl_yl: [
    company,
    { title: 'Имущество', fields: [rows('objects', 'Объекты', 'Объект', [list('kind', 'Что', ['Здание', 'Помещение', 'Оборудование', 'Товары и запасы', 'Отделка']), txt('address', 'Адрес'), num('value', 'Стоимость', '₽')], 1, 100), sel('protection', 'Охрана', ['Нет', 'Сигнализация', 'Физическая охрана', 'Сигнализация и охрана']), yes('fireAlarm', 'Пожарная сигнализация')] },
    term(),
    wishes,
  ],
  dms_yl: [
    company,
    { title: 'Сотрудники', fields: [num('employees', 'Сотрудников к страхованию'), num('averageAge', 'Средний возраст', 'лет'), yes('outpatient', 'Поликлиника'), yes('inpatient', 'Стационар'), yes('dentistry', 'Стоматология'), f('clinicRegion', 'Город обслуживания', 'string')] },
    term(),
    wishes,
  ],
  ns_yl: [
    company,
    { title: 'Сотрудники', fields: [num('employees', 'Сотрудников к страхованию'), f('occupations', 'Профессии и условия труда', 'textarea'), num('sum', 'Страховая сумма на человека', '₽'), yes('roundTheClock', 'Круглосуточно, а не только на работе')] },
    term(),
    wishes,
  ],
  gr_yl: [
    company,
    { title: 'Груз', fields: [f('cargo', 'Что везут', 'string'), f('routeFrom', 'Откуда', 'addressDadata'), f('routeTo', 'Куда', 'addressDadata'), sel('transport', 'Транспорт', ['Автомобильный', 'Железнодорожный', 'Морской', 'Авиа', 'Смешанный']), num('cargoValue', 'Стоимость партии', '₽'), yes('generalPolicy', 'Генеральный договор на год')] },
    wishes,
  ],
  smr_yl: [
    company,
    { title: 'Строительство', fields: [f('object', 'Что строят', 'string'), f('siteAddress', 'Адрес стройки', 'addressDadata'), num('contractValue', 'Стоимость работ по договору', '₽'), f('worksStart', 'Начало работ', 'date'), f('worksEnd', 'Окончание работ', 'date'), yes('liability', 'С ответственностью перед третьими лицами')] },
    wishes,
  ],
  predpr_yl: [
    company,
    { title: 'Финансовый риск', fields: [num('revenue', 'Выручка за год', '₽'), f('risk', 'От чего защищаемся (перерыв в деятельности, неисполнение контрагентом…)', 'textarea'), num('sum', 'Желаемая страховая сумма', '₽')] },
    term(),
    wishes,
  ],
  go_yl: [
    company,
    { title: 'Ответственность', fields: [num('revenue', 'Выручка за год', '₽'), f('liabilityKind', 'Перед кем и за что отвечает компания', 'textarea'), num('limit', 'Желаемый лимит', '₽'), yes('hadClaims', 'Были претензии за 3 года')] },
    term(),
    wishes,
  ],
  osopo_yl: [
    company,
    { title: 'Опасный объект', fields: [f('objectName', 'Объект', 'string'), f('objectReg', 'Регистрационный номер в реестре ОПО', 'string'), sel('hazardClass', 'Класс опасности', ['I', 'II', 'III', 'IV']), f('objectAddress', 'Адрес объекта', 'addressDadata'), num('people', 'Людей в зоне возможного вреда', undefined, { required: false })] },
    term(),
    wishes,
  ],
  go_do_yl: [
    company,
    { title: 'Директора и менеджмент', fields: [num('revenue', 'Выручка за год', '₽'), num('assets', 'Активы', '₽'), num('directors', 'Застрахованных руководителей'), yes('publicCompany', 'Акции на бирже'), num('limit', 'Желаемый лимит', '₽'), yes('hadClaims', 'Были претензии к руководству за 3 года')] },
    term(),
    wishes,
  ],
};

export const BROKER_REQUEST_SCHEMAS: Readonly<Record<string, BrokerRequestSchema>> = Object.fromEntries(
  BROKER_PRODUCTS.map((p) => {
    const blocks = SCHEMAS[p.type];
    if (!blocks) throw new Error(`broker request: no form for ${p.type}`);
    return [p.type, { productType: p.type, blocks }];
  }),
);

export function brokerRequestSchemaOf(productType: string): BrokerRequestSchema | undefined {
  return BROKER_REQUEST_SCHEMAS[productType];
}

/** Every field of a schema, in order. */
export const schemaFields = (s: BrokerRequestSchema): BrokerField[] => s.blocks.flatMap((b) => b.fields);

// ───────────── checking a request against its form ─────────────
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE = /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/;
const NUMBER = /^\d+([.,]\d+)?$/;

export interface BrokerFormProblem {
  /** `values.<key>` or `values.<key>[i].<item>`. */
  field: string;
  message: string;
}

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** The problem of one filled value of a field or item type, or null. */
function valueProblem(type: BrokerFieldType | BrokerItemType, value: string, options?: readonly string[]): string | null {
  switch (type) {
    case 'date':
      return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'дата в формате ДД.ММ.ГГГГ';
    case 'time':
      return TIME.test(value) ? null : 'время в формате ЧЧ:ММ';
    case 'phone':
      return PHONE.test(value) ? null : 'телефон в формате +7 (900) 000-00-00';
    case 'Number':
      return NUMBER.test(value) ? null : 'число';
    case 'Boolean':
      return value === '1' || value === '0' ? null : 'Да или Нет';
    case 'select':
    case 'List':
      return options?.includes(value) ? null : 'одно из предложенных значений';
    default:
      return value.length > 2000 ? 'не длиннее 2000 символов' : null;
  }
}

/**
 * Every problem of `values` against the product's form: required fields left empty (only when `complete`
 * — a draft saves whatever is typed), and filled ones of the wrong form. The api answers the first with
 * a 400 naming it; the page shows each under its field. Unknown keys are problems too.
 */
export function brokerFormProblems(schema: BrokerRequestSchema, values: BrokerFormValues, { complete }: { complete: boolean }): BrokerFormProblem[] {
  const problems: BrokerFormProblem[] = [];
  const fields = schemaFields(schema);
  const known = new Set(fields.map((x) => x.key));
  for (const key of Object.keys(values)) if (!known.has(key)) problems.push({ field: `values.${key}`, message: `Поле «${key}» не относится к этой заявке` });
  for (const field of fields) {
    const value = values[field.key];
    if (field.kind === 'rows') {
      const rowsValue = value === undefined ? [] : value;
      if (!Array.isArray(rowsValue)) {
        problems.push({ field: `values.${field.key}`, message: `«${field.label}»: ожидается список` });
        continue;
      }
      if (rowsValue.length > field.maxRows) problems.push({ field: `values.${field.key}`, message: `«${field.label}»: не больше ${field.maxRows}` });
      if (complete && field.required !== false && rowsValue.length < field.minRows) problems.push({ field: `values.${field.key}`, message: `Добавьте: ${field.rowTitle.toLowerCase()}` });
      const itemKeys = new Set(field.item.map((i) => i.key));
      rowsValue.forEach((row, i) => {
        if (!row || typeof row !== 'object' || Array.isArray(row)) {
          problems.push({ field: `values.${field.key}[${i}]`, message: `${field.rowTitle} ${i + 1}: неверные данные` });
          return;
        }
        for (const k of Object.keys(row)) if (!itemKeys.has(k)) problems.push({ field: `values.${field.key}[${i}].${k}`, message: `${field.rowTitle} ${i + 1}: поле «${k}» не относится к этой заявке` });
        for (const item of field.item) {
          const v = row[item.key];
          const at = `values.${field.key}[${i}].${item.key}`;
          if (blank(v)) {
            if (complete && item.required !== false) problems.push({ field: at, message: `${field.rowTitle} ${i + 1}: заполните поле «${item.label}»` });
          } else if (typeof v !== 'string') {
            problems.push({ field: at, message: `${field.rowTitle} ${i + 1}: «${item.label}» — текст` });
          } else {
            const p = valueProblem(item.type, v.trim(), item.options);
            if (p) problems.push({ field: at, message: `${field.rowTitle} ${i + 1}: «${item.label}» — ${p}` });
          }
        }
      });
      continue;
    }
    const at = `values.${field.key}`;
    if (blank(value)) {
      if (complete && field.required !== false) problems.push({ field: at, message: `Заполните поле «${field.label}»` });
    } else if (typeof value !== 'string') {
      problems.push({ field: at, message: `«${field.label}» — текст` });
    } else {
      const p = valueProblem(field.type, value.trim(), field.options);
      if (p) problems.push({ field: at, message: `«${field.label}» — ${p}` });
    }
  }
  return problems;
}
