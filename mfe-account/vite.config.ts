import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteDefaults, remoteServers } from '../tooling/federation.mjs';
import { DEV_PORTS } from '../tooling/ports.mjs';

// The remote's contract: its name and the pages it exposes. `base: './'` lets any host (or any
// path on a CDN) load its chunks from where remoteEntry.js lives.
export default defineConfig(({ command }) => ({
  base: './',
  plugins: [
    react(),
    federation({
      ...remoteDefaults(command),
      name: 'mfe_account',
      exposes: {
        './SignInPage': './src/pages/SignInPage.tsx',
        './SignUpPage': './src/pages/SignUpPage.tsx',
        './ProfilePage': './src/pages/ProfilePage.tsx',
        './EditProfileDialog': './src/dialogs/EditProfileDialog.tsx',
      },
      dev: { remoteHmr: true },
    }),
  ],
  ...remoteServers(DEV_PORTS.mfe_account, DEV_PORTS.api),
  build: { target: 'es2022' },
}));
