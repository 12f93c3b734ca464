/** Unit and component tests of the front-end packages (api has its own config). */
const tsJest = ['ts-jest', { tsconfig: { jsx: 'react-jsx', module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, isolatedModules: true, types: ['node', 'jest'], ignoreDeprecations: '6.0' }, diagnostics: false }];
const common = {
  transform: { '^.+\\.tsx?$': tsJest },
  moduleNameMapper: {
    '^@oyster/shared-kit/(.*)$': '<rootDir>/../shared-kit/src/$1',
    '\\.(css|svg|png)$': '<rootDir>/../jest/file-stub.cjs',
  },
};
const pkg = (name, env) => ({
  ...common,
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  roots: ['<rootDir>/src'],
  testEnvironment: env,
  setupFilesAfterEnv: env === 'jsdom' ? ['<rootDir>/../shared-kit/src/testing/setup-dom.ts'] : [],
});
module.exports = {
  projects: [
    pkg('shared-kit', 'jsdom'),
    pkg('shell', 'jsdom'),
    pkg('remote-sales', 'jsdom'),
    pkg('remote-broker-requests', 'jsdom'),
    pkg('remote-finance', 'jsdom'),
    pkg('remote-communications', 'jsdom'),
    pkg('remote-learning', 'jsdom'),
  ],
};
