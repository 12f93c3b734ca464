import fs from 'node:fs';
import path from 'node:path';

/**
 * The commission ledger is append-only (issue 24): a reversal is a negative line, a correction an adjustment
 * line, never an edit of a line written. The database does not refuse an UPDATE of commission_ledger (tests and
 * the demo seed empty it), so this reads the api's source: no statement of the app edits or deletes a ledger
 * line (its month sums, commission_ledger_months, are the triggers' to keep and are not the ledger).
 */
const ROOT = path.resolve(__dirname, '../../..');

/** `UPDATE commission_ledger …` or `DELETE FROM commission_ledger …` (not another table whose name starts so). */
const EDIT = /\b(UPDATE\s+commission_ledger|DELETE\s+FROM\s+commission_ledger)(?![\w])/gi;
const ledgerEdits = (source: string) => [...source.matchAll(EDIT)].map((m) => m[1].replace(/\s+/g, ' ').toUpperCase());

function apiSources(): string[] {
  const dir = path.join(ROOT, 'api/src');
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.ts$/.test(f) && !f.startsWith('migrations/'))
    .map((f) => `api/src/${f}`);
}

describe('the commission ledger is append-only (the code read)', () => {
  test('the checker finds an edit or a delete of a ledger line, and leaves the month sums and inserts alone', () => {
    expect(ledgerEdits('await q.query(`UPDATE commission_ledger SET amount_kopecks = 0 WHERE id = $1`)')).toEqual(['UPDATE COMMISSION_LEDGER']);
    expect(ledgerEdits("q.query('delete from\n  commission_ledger where contract_id = $1')")).toEqual(['DELETE FROM COMMISSION_LEDGER']);
    expect(ledgerEdits('UPDATE commission_ledger_months SET lines = 0; INSERT INTO commission_ledger (agent_id) VALUES ($1)')).toEqual([]);
  });

  test('no statement of the api edits or deletes a ledger line (migrations aside: the month sums’ triggers)', () => {
    const files = apiSources();
    expect(files).toEqual(expect.arrayContaining(['api/src/finance/ledger.ts', 'api/src/sales/contracts/store.ts']));
    const found = files.flatMap((f) => ledgerEdits(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((e) => `${f}: ${e}`));
    expect(found).toEqual([]);
  });
});
