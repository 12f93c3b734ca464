import type ExcelJSModule from 'exceljs';

/**
 * ExcelJS (the house's XLSX reader and writer), loaded with the first file read or written: its modules
 * take ~200 ms to load, which every api start — and every api test file — paid before for a few screens'
 * exports. The same module object as a static import's default.
 */
export async function excel(): Promise<typeof ExcelJSModule> {
  const m = (await import('exceljs')) as unknown as typeof ExcelJSModule & { default?: typeof ExcelJSModule };
  return m.default ?? m;
}
