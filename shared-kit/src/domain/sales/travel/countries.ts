/**
 * The countries the travel calculator offers, by ISO 3166 alpha-2 code, with their Russian names (the zone
 * of each is input.ts' travelZone: Europe, the USA and Canada, the rest of the world).
 */
export const TRAVEL_COUNTRY_TITLES: Readonly<Record<string, string>> = {
  AT: 'Австрия', BE: 'Бельгия', BG: 'Болгария', CH: 'Швейцария', CY: 'Кипр', CZ: 'Чехия', DE: 'Германия', DK: 'Дания', EE: 'Эстония',
  ES: 'Испания', FI: 'Финляндия', FR: 'Франция', GR: 'Греция', HR: 'Хорватия', HU: 'Венгрия', IS: 'Исландия', IT: 'Италия',
  LI: 'Лихтенштейн', LT: 'Литва', LU: 'Люксембург', LV: 'Латвия', MT: 'Мальта', NL: 'Нидерланды', NO: 'Норвегия', PL: 'Польша',
  PT: 'Португалия', RO: 'Румыния', SE: 'Швеция', SI: 'Словения', SK: 'Словакия', RS: 'Сербия', ME: 'Черногория', AL: 'Албания',
  BA: 'Босния и Герцеговина', MK: 'Северная Македония', GB: 'Великобритания', IE: 'Ирландия',
  US: 'США', CA: 'Канада',
  TR: 'Турция', AE: 'ОАЭ', EG: 'Египет', TH: 'Таиланд', VN: 'Вьетнам', CN: 'Китай', IN: 'Индия', ID: 'Индонезия', LK: 'Шри-Ланка',
  MV: 'Мальдивы', GE: 'Грузия', AM: 'Армения', AZ: 'Азербайджан', UZ: 'Узбекистан', KZ: 'Казахстан', KG: 'Киргизия', TN: 'Тунис',
  MA: 'Марокко', IL: 'Израиль', JP: 'Япония', KR: 'Южная Корея', CU: 'Куба', DO: 'Доминиканская Республика', MX: 'Мексика',
  BR: 'Бразилия', AR: 'Аргентина', QA: 'Катар', SC: 'Сейшелы', TZ: 'Танзания', MU: 'Маврикий',
};

/** «Италия», or the code itself for one the list does not name. */
export const countryTitle = (code: string) => TRAVEL_COUNTRY_TITLES[code.toUpperCase()] ?? code.toUpperCase();
