// @zone-independent: reads the code for float arithmetic on money. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * «Money: no floating point on any money path» (issue 24), checked by reading the code. Money is integer
 * kopecks end to end; roubles exist only at the file or screen edge, in the functions allow-listed below.
 *
 * What is read (found anew on every run, so files added later are covered — finance/payouts/** too):
 * - api/src/finance/**, api/src/sales/payments/**, shared-kit/src/domain/finance/** (the money helpers);
 * - every other .ts file under api/src whose text says «kopecks» (a column or field of money).
 *
 * The rule, on the TypeScript syntax tree (not on the text: comments, strings and SQL never count), outside
 * an allow-listed function:
 * 1. `parseFloat(…)` / `Number.parseFloat(…)`: money is never parsed as a float;
 * 2. `….toFixed(…)`: a float rounded for display; money is shown by shared-kit's formatMoney;
 * 3. a number with a fraction or an exponent (`0.13`, `1.2`, `1e-2`) as an operand of + - * / %: a rate or a
 *    tax as a decimal times money (rates are integer basis points: amount × bp / 10 000, rounded by integers);
 * 4. `x / 100` where x names money (kopeck, premium, amount, money, price, cost, sum, total, balance, opening,
 *    accrued, reversed, closing, paid, rub): kopecks turned into rouble floats;
 * 5. `x * 100` where x names money, or any `… * 100` inside Math.round/floor/ceil/trunc: roubles (or a
 *    percent) as a float turned into kopecks (or basis points) by rounding — the conversion belongs at the edge
 *    that reads the input (SQL numeric is exact, or the input is in kopecks already).
 * A division of basis points by 100 (`rateBp / 100`, a percent to show) is not money and passes.
 */

const ROOT = path.resolve(__dirname, '../../..');

/** The edge functions that may turn kopecks into roubles (file → function names), each for display or export. */
const ALLOWED: Record<string, readonly string[]> = {
  // XLSX/CSV cells carry roubles as numbers (exact below 2^53 kopecks): the file's edge.
  'api/src/finance/export.ts': ['roubles'],
  // Аналитика's XLSX: the same file edge (roubles as numbers in the cells).
  'api/src/finance/analytics/export.ts': ['roubles'],
  // The demo statement's XLSX cells (a file's edge, like the export): roubles and percents as numbers.
  'api/src/finance/reconciliation/demo.ts': ['cells'],
};

const MONEY_NAME = /kopeck|premium|amount|money|price|cost|sum|total|balance|opening|accrued|reversed|closing|paid|rub/i;
const ROUNDING = new Set(['Math.round', 'Math.floor', 'Math.ceil', 'Math.trunc']);
const ARITHMETIC = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
]);

interface Finding {
  line: number;
  rule: string;
  code: string;
}

/** The name of the function a node is in: a declaration's, a method's, or the variable/property an arrow or function expression is given to. */
function enclosingFunctionNames(node: ts.Node): string[] {
  const names: string[] = [];
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) names.push(n.name.getText());
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parent) {
      const p = n.parent;
      if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) names.push(p.name.getText());
    }
  }
  return names;
}

const isHundred = (n: ts.Expression) => ts.isNumericLiteral(n) && Number(n.text) === 100;
const isFractional = (n: ts.Node) => ts.isNumericLiteral(n) && /[.eE]/.test(n.text) && !/^0[xXbBoO]/.test(n.text);

/** The float operations on money in one file's source (the checker; `allowed`: its edge functions). */
function floatMoneyFindings(source: string, fileName = 'x.ts', allowed: readonly string[] = []): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const report = (node: ts.Node, rule: string) => {
    if (enclosingFunctionNames(node).some((n) => allowed.includes(n))) return;
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, rule, code: node.getText().slice(0, 120) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      if (callee === 'parseFloat' || callee === 'Number.parseFloat') report(node, 'parseFloat');
      if (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toFixed') report(node, 'toFixed');
      if (ROUNDING.has(callee)) {
        const hundredTimes = (n: ts.Node): boolean =>
          (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.AsteriskToken && (isHundred(n.left) || isHundred(n.right))) || n.forEachChild(hundredTimes) === true;
        if (node.arguments.some(hundredTimes)) report(node, `${callee}(… * 100)`);
      }
    }
    if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind)) {
      if (isFractional(node.left) || isFractional(node.right)) report(node, 'decimal literal in arithmetic');
      const op = node.operatorToken.kind;
      if ((op === ts.SyntaxKind.SlashToken || op === ts.SyntaxKind.SlashEqualsToken) && isHundred(node.right) && MONEY_NAME.test(node.left.getText())) report(node, 'money / 100');
      if (op === ts.SyntaxKind.AsteriskToken && ((isHundred(node.right) && MONEY_NAME.test(node.left.getText())) || (isHundred(node.left) && MONEY_NAME.test(node.right.getText())))) {
        report(node, 'money * 100');
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

/** The money paths, found by walking the folders (relative to the repository, '/'-separated). */
function moneyFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(path.join(ROOT, dir))
      ? (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f.split(path.sep).join('/')}`).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      : [];
  const paths = new Set([...walk('api/src/finance'), ...walk('api/src/sales/payments'), ...walk('shared-kit/src/domain/finance')]);
  for (const f of walk('api/src')) if (fs.readFileSync(path.join(ROOT, f), 'utf8').includes('kopecks')) paths.add(f);
  return [...paths].sort();
}

describe('money: no floating point on any money path (the code read)', () => {
  describe('the checker', () => {
    const rules = (src: string, allowed: readonly string[] = []) => floatMoneyFindings(src, 'planted.ts', allowed).map((f) => f.rule);

    test('finds each float operation on money planted in a source', () => {
      expect(rules('const k = parseFloat(input);')).toEqual(['parseFloat']);
      expect(rules('const k = Number.parseFloat(input);')).toEqual(['parseFloat']);
      expect(rules('const shown = (amountKopecks / 100).toFixed(2);')).toEqual(['toFixed', 'money / 100']);
      expect(rules('const tax = premiumKopecks * 0.13;')).toEqual(['decimal literal in arithmetic']);
      expect(rules('const tax = 0.13 * r.amount_kopecks;')).toEqual(['decimal literal in arithmetic']);
      expect(rules('const k = Math.floor(x + 0.5);')).toEqual(['decimal literal in arithmetic']);
      expect(rules('const roubles = row.amountKopecks / 100;')).toEqual(['money / 100']);
      expect(rules('function f(premium: number) { premium /= 100; return premium; }')).toEqual(['money / 100']);
      expect(rules('const k = Math.round(rub * 100);')).toEqual(['Math.round(… * 100)', 'money * 100']);
      expect(rules('const bp = Math.round(Number(percent) * 100);')).toEqual(['Math.round(… * 100)']);
      expect(rules('const k = 100 * totalRoubles;')).toEqual(['money * 100']);
    });

    test('leaves alone integer money, rates shown as percents, text, and the allow-listed edge functions', () => {
      expect(rules('export const commissionOf = (premiumKopecks: number, rateBp: number) => Math.floor((premiumKopecks * rateBp + 5_000) / 10_000);')).toEqual([]);
      expect(rules('const percent = (bp: number) => `${(bp / 100).toLocaleString("ru-RU")}%`;')).toEqual([]);
      expect(rules('const t = Math.floor(at.getTime() / 1000);')).toEqual([]);
      // Comments, strings and SQL are not code.
      expect(rules('// amount_kopecks / 100 and parseFloat(x)\nconst sql = "SELECT amount_kopecks / 100, premium * 0.13";')).toEqual([]);
      expect(rules('const roubles = (kopecks: number) => kopecks / 100;', ['roubles'])).toEqual([]);
      expect(rules('function roubles(kopecks: number) { return kopecks / 100; }', ['roubles'])).toEqual([]);
      // Allowed by name only: the same division elsewhere in the file is still found.
      expect(rules('const roubles = (k: number) => k; const other = (kopecks: number) => kopecks / 100;', ['roubles'])).toEqual(['money / 100']);
    });
  });

  test('the money paths are found by folder and by «kopecks» (files added later are read too)', () => {
    const files = moneyFiles();
    expect(files).toEqual(expect.arrayContaining(['api/src/finance/ledger.ts', 'api/src/finance/statement.ts', 'api/src/finance/export.ts', 'api/src/sales/payments/callbacks.ts', 'shared-kit/src/domain/finance/money.ts']));
    // By its text: the broker's offers keep premium_kopecks.
    expect(files).toContain('api/src/broker-requests/store.ts');
    for (const f of Object.keys(ALLOWED)) expect(files).toContain(f);
  });

  test('no money path does floating-point arithmetic on money outside the edge functions', () => {
    const found = moneyFiles().flatMap((f) => floatMoneyFindings(fs.readFileSync(path.join(ROOT, f), 'utf8'), f, ALLOWED[f] ?? []).map((x) => `${f}:${x.line} ${x.rule}: ${x.code}`));
    expect(found).toEqual([]);
  });

  test('each allow-listed edge function exists where it is allowed (a rename does not silently widen the list)', () => {
    for (const [f, names] of Object.entries(ALLOWED)) {
      const src = fs.readFileSync(path.join(ROOT, f), 'utf8');
      for (const name of names) expect(src).toMatch(new RegExp(`(const|function) ${name}\\b`));
    }
  });
});
