import { CONTRACT_STATUS as S, CONTRACT_STATUS_TITLES } from './contracts';
import { contractClientName, contractStepOf, malformedContractDetail, missingContractDetail, resumeContractStep } from './contractDetails';
import { isContractEditable } from './contracts';
import { quickPeriodRange, type EosagoContractDetails } from './contractWire';
import { reportStatusOf } from './contracts';
import { REPORT_STATUS_TITLES } from './statuses';

const COMPLETE: EosagoContractDetails = {
  vehicle: { plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, document: { type: 'STS', series: '77УХ', number: '123456', issuedAt: '2019-05-20' } },
  owner: { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-09-30', passport: { series: '4510', number: '123456', issuedAt: '2005-10-12', issuer: 'ОВД' }, address: 'г Москва' },
  insurantIsOwner: true,
  driverNames: ['Смирнова Анна Петровна'],
  contacts: { phone: '+7 (916) 123-45-67', email: 'anna@example.ru' },
};

/** Priced for a 2019 car with one named driver. */
const PRICED = { vehicle: { year: 2019 }, unrestricted: false, drivers: [{ birthDate: '1985-09-30', experienceSince: '2005-01-01', licence: '7700123456' }] };

describe('what «Отправить страховщику» needs', () => {
  test('complete documents need nothing more', () => {
    expect(missingContractDetail(COMPLETE, PRICED)).toBeNull();
  });

  test.each([
    ['no vehicle at all', { ...COMPLETE, vehicle: undefined }, 'details.vehicle.make', 'Заполните поле «Марка»'],
    ['neither VIN nor body number', { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, vin: null, bodyNumber: '' } }, 'details.vehicle.vin', 'Заполните поле «VIN или номер кузова»'],
    ['a VIN with O', { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, vin: 'XTA2114006412345O' } }, 'details.vehicle.vin', 'VIN — 17 латинских букв и цифр без I, O, Q'],
    ['a Latin plate', { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, plate: 'A123BC777' } }, 'details.vehicle.plate', 'Госномер в формате А123ВС77 или А123ВС777'],
    ['an STS series of letters only', { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, document: { ...COMPLETE.vehicle.document, series: 'АБВГ' } } }, 'details.vehicle.document.series', 'Серия и номер документа ТС: 2 цифры, 2 цифры или буквы, 6 цифр'],
    ['a short EPTS number', { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, document: { type: 'EPTS' as const, number: '123', issuedAt: '2020-01-01' } } }, 'details.vehicle.document.number', 'Номер ЭПТС — 15 цифр'],
    ['a passport series of 3 digits', { ...COMPLETE, owner: { ...COMPLETE.owner, passport: { ...COMPLETE.owner.passport, series: '451' } } }, 'details.owner.passport.series', 'Серия паспорта — 4 цифры (собственник)'],
    ['an insurant who is not the owner, unnamed', { ...COMPLETE, insurantIsOwner: false, insurant: null }, 'details.insurant.lastName', 'Заполните поле «Фамилия» (страхователь)'],
    ['the named driver without a name', { ...COMPLETE, driverNames: [] }, 'details.driverNames[0]', 'Заполните ФИО водителя 1'],
    ['a phone starting with 3', { ...COMPLETE, contacts: { ...COMPLETE.contacts, phone: '+7 (316) 123-45-67' } }, 'details.contacts.phone', 'Укажите телефон клиента в формате +7 (900) 000-00-00'],
    ['no e-mail', { ...COMPLETE, contacts: { ...COMPLETE.contacts, email: '' } }, 'details.contacts.email', 'Укажите e-mail клиента: на него уйдут ссылка на оплату и полис'],
  ])('%s: the field is named', (_what, details, field, message) => {
    expect(missingContractDetail(details as Partial<EosagoContractDetails>, PRICED)).toEqual({ field, message });
  });

  test('the year must be the one the offer was priced for; a calculation without a year takes any; unrestricted names nobody', () => {
    expect(missingContractDetail({ ...COMPLETE, vehicle: { ...COMPLETE.vehicle, year: 2009 } }, PRICED)).toEqual({
      field: 'details.vehicle.year',
      message: 'Год выпуска не совпадает с расчётом (2019): исправьте год или рассчитайте полис заново',
    });
    expect(missingContractDetail({ ...COMPLETE, vehicle: { ...COMPLETE.vehicle, year: 2009 } }, { ...PRICED, vehicle: {} })).toBeNull();
    expect(missingContractDetail({ ...COMPLETE, driverNames: [] }, { vehicle: {}, unrestricted: true })).toBeNull();
  });

  test('an electronic PTS needs no series; a vehicle without a plate yet may go', () => {
    const epts = { ...COMPLETE, vehicle: { ...COMPLETE.vehicle, plate: null, document: { type: 'EPTS' as const, number: '164301000123456', issuedAt: '2020-01-01' } } };
    expect(missingContractDetail(epts, PRICED)).toBeNull();
  });

  test('the client is the insurant when not the owner', () => {
    expect(contractClientName(COMPLETE)).toBe('Смирнова Анна Петровна');
    expect(contractClientName({ ...COMPLETE, insurantIsOwner: false, insurant: { ...COMPLETE.owner, lastName: 'Петров', firstName: 'Иван', middleName: null } })).toBe('Петров Иван');
    expect(contractClientName({})).toBeNull();
  });
});

describe('§9 quick periods and §3 report statuses', () => {
  test('a quick period covers whole days counted back from today, both ends included', () => {
    expect(quickPeriodRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(quickPeriodRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(quickPeriodRange('7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(quickPeriodRange('30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  test('each contract status shows under its report status', () => {
    const shown = Object.fromEntries(Object.values(S).map((s) => [CONTRACT_STATUS_TITLES[s], REPORT_STATUS_TITLES[reportStatusOf(s)]]));
    expect(shown).toEqual({
      Черновик: 'Черновик',
      'Идёт расчёт': 'Черновик',
      'Расчёт получен': 'Черновик',
      Подготовлен: 'В обработке',
      'Отправлен страховщику': 'В обработке',
      'Проверка страховщиком': 'В обработке',
      'Проверка пройдена': 'В обработке',
      'Требует исправления': 'В обработке',
      'Проверка не пройдена': 'В обработке',
      // A manual policy waiting for staff (issue 25).
      Проверка: 'В обработке',
      'Ожидает оплаты': 'Ожидает оплаты',
      Оплачен: 'Оплачен',
      'Полис выпущен': 'Оплачен',
      Действует: 'Действует',
      Завершён: 'Завершён',
      Отменён: 'Архив',
      'Не состоялся': 'Не состоялся',
    });
  });
});

describe('the steps of issuing', () => {
  test('each field belongs to its step; a draft resumes at the step of its first missing field, or at the last one when complete', () => {
    expect(contractStepOf('details.vehicle.document.series')).toBe('vehicle');
    expect(contractStepOf('details.owner.passport.issuer')).toBe('owner');
    expect(contractStepOf('details.insurant.lastName')).toBe('insurant');
    expect(contractStepOf('details.driverNames[1]')).toBe('drivers');
    expect(contractStepOf('details.contacts.email')).toBe('contacts');
    expect(resumeContractStep({}, PRICED)).toBe('vehicle');
    expect(resumeContractStep({ vehicle: COMPLETE.vehicle }, PRICED)).toBe('owner');
    expect(resumeContractStep({ ...COMPLETE, driverNames: [] }, PRICED)).toBe('drivers');
    expect(resumeContractStep(COMPLETE, PRICED)).toBe('contacts');
  });

  test('documents are edited only in «Расчёт получен» and «Требует исправления»', () => {
    expect([100, 105, 106, 120, 125, 210, 215, 220, 225, 250, 500, 510, 600, 700, 10000, 11000].filter(isContractEditable)).toEqual([106, 220]);
  });
});

describe('the calculator’s documents: empty waits for the contract, wrong is refused (malformedContractDetail)', () => {
  test('nothing typed yet, or all of it right: nothing to say', () => {
    expect(malformedContractDetail({}, 'vehicle')).toBeNull();
    expect(malformedContractDetail({ vehicle: { make: 'LADA' } } as Partial<EosagoContractDetails>, 'vehicle')).toBeNull();
    for (const step of ['vehicle', 'owner', 'insurant'] as const) expect(malformedContractDetail(COMPLETE, step)).toBeNull();
  });

  test.each([
    ['a Latin plate', 'vehicle', { vehicle: { plate: 'A123BC777' } }, 'details.vehicle.plate', 'Госномер в формате А123ВС77 или А123ВС777'],
    ['a VIN with O', 'vehicle', { vehicle: { vin: 'XTA2114006412345O' } }, 'details.vehicle.vin', 'VIN — 17 латинских букв и цифр без I, O, Q'],
    ['an STS half typed', 'vehicle', { vehicle: { document: { type: 'STS', series: '77УХ', number: '12' } } }, 'details.vehicle.document.series', 'Серия и номер документа ТС: 2 цифры, 2 цифры или буквы, 6 цифр'],
    ['a short EPTS number', 'vehicle', { vehicle: { document: { type: 'EPTS', number: '123' } } }, 'details.vehicle.document.number', 'Номер ЭПТС — 15 цифр'],
    ['the owner’s passport number of 5 digits', 'owner', { owner: { passport: { number: '12345' } } }, 'details.owner.passport.number', 'Номер паспорта — 6 цифр (собственник)'],
    ['another insurant’s passport series of 3', 'insurant', { insurantIsOwner: false, insurant: { passport: { series: '451' } } }, 'details.insurant.passport.series', 'Серия паспорта — 4 цифры (страхователь)'],
  ])('%s: the field is named', (_what, step, details, field, message) => {
    expect(malformedContractDetail(details as Partial<EosagoContractDetails>, step as 'vehicle')).toEqual({ field, message });
  });

  test('an insurant who is the owner has nothing of their own to check', () => {
    expect(malformedContractDetail({ insurantIsOwner: true, insurant: { passport: { series: '1' } } } as Partial<EosagoContractDetails>, 'insurant')).toBeNull();
  });
});

