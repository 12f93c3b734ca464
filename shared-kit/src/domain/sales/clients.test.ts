import { clientErrors, clientSearchTerms, innValid, normalizeClient, normalizeVehicle, ogrnValid, vehicleErrors } from './clients';

describe('client records (issue 25): normalising and validation, one rule for the api and the pages', () => {
  it('normalises as §5 says: names in name case, the phone canonical, plate Cyrillic, VIN upper-case', () => {
    expect(normalizeClient({ kind: 'person', lastName: ' петрова-водкина ', firstName: 'АННА', phone: '8 916 555 44 33', email: '  ' })).toEqual({
      kind: 'person',
      lastName: 'Петрова-Водкина',
      firstName: 'Анна',
      phone: '+7 (916) 555-44-33',
      email: null,
    });
    expect(normalizeVehicle({ plate: 'a 123 bc 77', vin: 'xta21140064123456', document: { type: 'STS', series: '77yx', number: '123 456', issuedAt: '' } })).toEqual({
      plate: 'А123ВС77',
      vin: 'XTA21140064123456',
      document: { type: 'STS', series: '77УХ', number: '123456', issuedAt: null },
    });
  });

  it('collects every error with its field (no early stop)', () => {
    const errors = clientErrors(
      { kind: 'person', lastName: '', firstName: 'Анна', birthDate: '2030-01-01', passport: { series: '45', number: null, issuedAt: null, issuer: null, unitCode: '7700' }, phone: '+7 (100) 000-00-00', email: 'x' },
      { today: '2026-11-27' },
    );
    expect(errors.map((e) => e.field)).toEqual(['lastName', 'birthDate', 'passport.series', 'passport.number', 'passport.unitCode', 'phone', 'email']);
    expect(errors[0].message).toBe('Заполните поле «Фамилия»');
    expect(clientErrors({ kind: 'person', lastName: 'Петрова', firstName: 'Анна' })).toEqual([]);
  });

  it('a company: name and INN required, INN / OGRN check digits, KPP format', () => {
    expect(innValid('7707083893')).toBe(true);
    expect(innValid('7707083890')).toBe(false);
    expect(innValid('500100732259')).toBe(true);
    expect(ogrnValid('1027700132195')).toBe(true);
    expect(ogrnValid('1027700132190')).toBe(false);
    expect(clientErrors({ kind: 'company', companyName: '', inn: '123', kpp: '77360100', ogrn: '1' }).map((e) => e.field)).toEqual(['companyName', 'inn', 'kpp', 'ogrn']);
  });

  it('a vehicle: make, model, VIN or body number; masks of VIN, plate, STS; year and power bounds', () => {
    expect(vehicleErrors({ make: 'Kia', model: 'Rio', vin: 'Z94CB41AAJR123456' }, { thisYear: 2026 })).toEqual([]);
    expect(vehicleErrors({ make: '', model: 'Rio', bodyNumber: null, vin: null, plate: 'Q123QQ77', year: 2028, powerHp: 0, document: { type: 'STS', series: '7', number: '1', issuedAt: null } }, { thisYear: 2026 }).map((e) => e.field)).toEqual([
      'make',
      'vin',
      'plate',
      'year',
      'powerHp',
      'document.series',
    ]);
  });

  it('a search text: a phone typed any way gives the national digits; names upper-cased with Ё as Е; a plate in Cyrillic', () => {
    expect(clientSearchTerms('+7 (916) 55').phones).toEqual(['91655']);
    expect(clientSearchTerms('8916').phones).toEqual(['8916', '916']);
    expect(clientSearchTerms('Фёдоров').phones).toEqual([]);
    expect(clientSearchTerms('фёдоров').text).toBe('ФЕДОРОВ');
    expect(clientSearchTerms('a777mp').plate).toBe('А777МР');
  });
});
