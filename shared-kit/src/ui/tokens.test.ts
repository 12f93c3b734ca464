import fs from 'node:fs';
import path from 'node:path';
import { OYSTER_COLORS } from './theme';

// tokens.css gives the plain CSS of the shell and the remotes the theme's colours: the same values.
it('tokens.css holds the theme’s muted and faint colours', () => {
  const css = fs.readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');
  expect(css).toContain(`--oy-color-muted: ${OYSTER_COLORS.muted};`);
  expect(css).toContain(`--oy-color-faint: ${OYSTER_COLORS.faint};`);
});
