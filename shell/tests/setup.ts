import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../../tooling/jsdomSetup.ts';

afterEach(() => cleanup());
