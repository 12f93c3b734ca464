import type { Queryable } from '../platform/db.js';

/**
 * The demo bonus-malus registry: drivers the calculator finds by licence (any other licence is class 3).
 * Licences are stored as the schema normalises them: series and number without the space, Cyrillic letters.
 */
export const DEMO_KBM_DRIVERS: [licence: string, kbmClass: string, fullName: string, birthDate: string][] = [
  ['7700123456', '13', 'Петров Сергей Иванович', '1978-04-12'],
  ['77АВ123456', '10', 'Смирнова Анна Петровна', '1985-09-30'],
  ['78ОК654321', '6', 'Кузнецов Дмитрий Олегович', '1990-01-15'],
  ['50ММ000777', '1', 'Волков Игорь Андреевич', '1996-07-02'],
  ['16ТТ112233', '0', 'Захаров Ринат Маратович', '1999-11-20'],
  ['66ЕЕ998877', 'M', 'Орлов Павел Сергеевич', '1988-03-08'],
];

export async function seedSales(q: Queryable) {
  for (const [licence, kbmClass, fullName, birthDate] of DEMO_KBM_DRIVERS) {
    await q.query('INSERT INTO kbm_registry (licence, kbm_class, full_name, birth_date) VALUES ($1, $2, $3, $4)', [licence, kbmClass, fullName, birthDate]);
  }
}
