'use strict';
/**
 * remote-communications: Module Federation remote `remote_communications`.
 * Production: dist/remoteEntry.js + chunks (publicPath 'auto'), served at /remotes/communications/.
 * Development (`pnpm --filter @oyster/remote-communications dev`): the standalone harness on http://localhost:3004/.
 */
const { makeRemoteConfig } = require('../build/remote-config.cjs');

module.exports = makeRemoteConfig({
  dir: __dirname,
  name: 'remote_communications',
  port: 3004,
  exposes: {
    './Routes': './src/routes.tsx',
    './ObjectChat': './src/components/chat/ObjectChat.tsx',
    './ChatFrame': './src/components/chat/ChatFrame.tsx',
  },
});
